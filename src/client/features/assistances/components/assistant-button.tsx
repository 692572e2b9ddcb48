import { useEffect } from 'react';
import { ASSISTANT_TIPS } from '../../../../shared/limits.ts';
import { httpStatus } from '../../../api/errors.ts';
import { deferred } from '../../../components/deferred.tsx';
import { CompassMark } from '../../../components/logo.tsx';
import { useAssistances } from '../api/get-assistances.ts';

/** The tips' popover (assistant-popover.tsx, on radix): its code loads after the first screen. */
const Popover = deferred(() => import('./assistant-popover.tsx').then((m) => m.AssistantPopover));

type Props = {
  podcast: { id: number; title: string; active: boolean; role: string } | null;
  /** The server refused the tips (403/404): the podcast may be gone for this user. */
  onRefused?: () => void;
  /** The look of the bar it sits in (the tab bar's cells). */
  className: string;
};

/**
 * §2 Navigation: the assistant's button. It is a cell of the tab bar on phones and an item of the
 * app bar on wide screens (app-layout.tsx), never over the page (Entscheidung CLI-6). Pro podcasts:
 * up to 5 tip subjects, 'Alle Tipps anzeigen' and 'Feedback geben'; the tips are polled every
 * 10 s. Basic podcasts: 'Kompass befragen' opens the way to Studio Pro instead.
 */
export function AssistantButton({ podcast, onRefused, className }: Props) {
  const active = podcast?.active ?? false;
  const tips = useAssistances(podcast?.id ?? 0, podcast !== null && active);
  const refused = [403, 404].includes(httpStatus(tips.error) ?? 0);
  useEffect(() => {
    if (refused) onRefused?.();
  }, [refused, onRefused]);
  if (!podcast) return null;
  const shown = (tips.data ?? []).slice(0, ASSISTANT_TIPS);
  const triggerProps = {
    'data-assistant-button': '',
    className,
    'aria-label': active ? `Kompass-KI: ${shown.length} Tipps` : 'Kompass befragen',
    children: (
      <>
        <CompassMark className="size-6" />
        {/* A quarter of a phone's tab bar holds one word and the count, on one line; the
            accessible name says it all. */}
        <span className="flex items-center gap-1 whitespace-nowrap">
          <span className="md:hidden">Kompass</span>
          <span className="hidden md:inline">{active ? 'Kompass-KI' : 'Kompass befragen'}</span>
          {active && shown.length > 0 && (
            <span
              className="min-w-4 rounded-full bg-brand-800 px-1 text-center text-xs leading-4 text-white md:min-w-5 md:px-1.5 md:leading-5"
              aria-hidden="true"
            >
              {shown.length}
            </span>
          )}
        </span>
      </>
    ),
  };
  return (
    <Popover
      trigger={triggerProps}
      podcast={podcast}
      tips={shown}
      loading={tips.isPending}
      placeholder={(open) => (
        <button type="button" aria-haspopup="dialog" aria-expanded="false" onClick={open} {...triggerProps} />
      )}
    />
  );
}
