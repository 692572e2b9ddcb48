import { Link } from '@tanstack/react-router';
import { Popover } from 'radix-ui';
import { useId } from 'react';
import { ASSISTANT_TIPS } from '../../../../shared/assistances.ts';
import { CompassMark } from '../../../components/logo.tsx';
import { PushOptIn } from '../../../components/push-opt-in.tsx';
import { openFeedback } from '../../../lib/feedback-widget.ts';
import { useAssistances } from '../api/get-assistances.ts';

type Props = { podcast: { id: number; title: string; active: boolean } | null };

const menuLink = 'flex min-h-11 items-center rounded-lg px-3 hover:bg-slate-100 focus-visible:bg-slate-100';

/**
 * §2 Navigation: the floating assistant button (bottom right, above the phone's tab bar). Pro
 * podcasts: up to 5 tip subjects, 'Alle Tipps anzeigen' and 'Feedback geben'; the tips are polled
 * every 10 s. Basic podcasts: 'Kompass befragen' opens the way to Studio Pro instead.
 */
export function AssistantButton({ podcast }: Props) {
  const headingId = useId();
  const active = podcast?.active ?? false;
  const tips = useAssistances(podcast?.id ?? 0, podcast !== null && active);
  if (!podcast) return null;
  const shown = (tips.data ?? []).slice(0, ASSISTANT_TIPS);
  return (
    <Popover.Root>
      <Popover.Trigger
        className="fixed right-4 bottom-20 z-40 flex min-h-12 items-center gap-2 rounded-full bg-brand-800 px-4 font-semibold text-white shadow-lg hover:bg-brand-900 focus-visible:outline-offset-4 md:bottom-6"
        aria-label={active ? `Kompass-KI: ${shown.length} Tipps` : 'Kompass befragen'}
      >
        <CompassMark className="size-6" />
        <span>{active ? 'Kompass-KI' : 'Kompass befragen'}</span>
        {active && shown.length > 0 && (
          <span className="rounded-full bg-white px-2 text-sm text-brand-900" aria-hidden="true">
            {shown.length}
          </span>
        )}
      </Popover.Trigger>
      <Popover.Portal>
        <Popover.Content
          side="top"
          align="end"
          sideOffset={8}
          collisionPadding={12}
          aria-labelledby={headingId}
          className="z-50 w-[min(22rem,calc(100vw-2rem))] rounded-2xl border border-slate-200 bg-white p-3 text-slate-900 shadow-xl"
        >
          <h2 id={headingId} className="px-3 pt-1 pb-2 font-semibold">
            Tipps von der Kompass-KI
          </h2>
          {active ? (
            shown.length ? (
              <ul aria-label="Neueste Tipps">
                {shown.map((tip) => (
                  <li key={tip.id}>
                    <Popover.Close asChild>
                      <Link to="/app/assistances/$id" params={{ id: String(tip.id) }} className={menuLink}>
                        {tip.subject}
                      </Link>
                    </Popover.Close>
                  </li>
                ))}
              </ul>
            ) : (
              <p className="px-3 pb-2 text-sm text-slate-600">
                {tips.isPending ? 'Lade Tipps …' : 'Noch keine Tipps für diesen Podcast.'}
              </p>
            )
          ) : (
            <div className="px-3 pb-2 text-sm">
              <p>Die Kompass-KI gibt es für „{podcast.title}“ in Studio Pro.</p>
              <Popover.Close asChild>
                <Link
                  to="/app/podcasts/$id/conversion"
                  params={{ id: String(podcast.id) }}
                  className="mt-2 inline-flex min-h-11 items-center font-semibold text-brand-800 underline"
                >
                  Kompass-KI aktivieren
                </Link>
              </Popover.Close>
            </div>
          )}
          {active && (
            <div className="mt-2 border-t border-slate-200 px-3 pt-3 pb-1">
              <PushOptIn compact />
            </div>
          )}
          <div className="mt-2 border-t border-slate-200 pt-2">
            {active && (
              <Popover.Close asChild>
                <Link to="/app/assistances" className={`${menuLink} font-semibold text-brand-800`}>
                  Alle Tipps anzeigen
                </Link>
              </Popover.Close>
            )}
            <Popover.Close asChild>
              <button type="button" className={`${menuLink} w-full text-left`} onClick={openFeedback}>
                Feedback geben
              </button>
            </Popover.Close>
          </div>
        </Popover.Content>
      </Popover.Portal>
    </Popover.Root>
  );
}
