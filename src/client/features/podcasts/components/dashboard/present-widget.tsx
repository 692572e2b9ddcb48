import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { can } from '../../../../../shared/roles.ts';
import type { Podcast } from '../../../../../shared/podcasts.ts';
import { Banner } from '../../../../components/banner.tsx';
import { buttonClass } from '../../../../components/button.tsx';
import { apiError } from '../../../../api/errors.ts';
import { useSettings } from '../../api/get-settings.ts';
import { useSaveSetting } from '../../api/save-setting.ts';
import { CloseButton, WidgetCard } from './widget-card-actions.tsx';

/** §4, §9: the present widget is gone once this setting exists; closing stores it with value 1. */
export const PRESENT_CLOSED = { key: 'present_widget_closed', value: '1' } as const;

type Props = {
  podcast: Podcast;
  /** The link to the gift's set (the first edition), given its classes; else the method list. */
  link?: (className: string) => ReactNode;
};

/** The launch gift (§1: a set of 99 methods worth 99 euros), closable. */
export function PresentWidget({ podcast, link }: Props) {
  const settings = useSettings(podcast.id);
  const close = useSaveSetting(podcast.id);
  // Until the settings are known, nothing: a closed widget must not flash up on every visit. A
  // failed load reads as no settings (§8), so the gift shows.
  if (settings.isPending) return null;
  if (settings.data?.some((s) => s.key === PRESENT_CLOSED.key)) return null;
  const error = close.isError ? apiError(close.error) : undefined;

  return (
    <WidgetCard
      title="Dein Startgeschenk"
      tone="highlight"
      action={
        can(podcast.role.key, 'settings.update') && (
          <CloseButton
            label="Startgeschenk schließen"
            onClick={() => close.mutate(PRESENT_CLOSED)}
            pending={close.isPending}
          />
        )
      }
    >
      <p className="text-slate-700">
        Zum Start schenken wir dir das Set mit allen 99 Methoden der ersten Edition im Wert von 99 Euro.
        Stöbere los und finde heraus, was deinen Podcast weiterbringt.
      </p>
      {error && (
        <div className="mt-3">
          <Banner tone="error">{error.message}</Banner>
        </div>
      )}
      {link ? (
        link(buttonClass('secondary', 'mt-4'))
      ) : (
        <Link to="/app/practices" className={buttonClass('secondary', 'mt-4')}>
          Zu den Methoden
        </Link>
      )}
    </WidgetCard>
  );
}
