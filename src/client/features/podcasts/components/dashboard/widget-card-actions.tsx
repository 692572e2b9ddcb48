import { Link } from '@tanstack/react-router';
import type { Podcast } from '../../../../../shared/podcasts.ts';
import { can, type PodcastAction } from '../../../../../shared/roles.ts';
import type { ReactNode } from 'react';
import { buttonClass } from '../../../../components/button.tsx';

/** The card moved to src/client/components (the method widgets use it too). */
export { WidgetCard } from '../../../../components/widget-card.tsx';

/** The edit screens a widget or a checklist tile leads to. */
export type EditTarget =
  | '/app/podcast/edit/objective'
  | '/app/podcast/edit/stage'
  | '/app/podcast/edit/strategy'
  | '/app/podcast/edit/metrics'
  | '/app/podcast/edit/milestones'
  | '/app/podcast/edit/coworkers';

type EditProps = { podcast: Podcast; action: PodcastAction; to: EditTarget; what: string };

/**
 * 'Bearbeiten' beside a widget's heading, for roles that may make the change; the accessible
 * name says what is edited.
 */
export function EditLink({ podcast, action, to, what }: EditProps) {
  if (!can(podcast.role.key, action)) return null;
  return (
    <Link to={to} aria-label={`${what} bearbeiten`} className={buttonClass('secondary', 'shrink-0')}>
      Bearbeiten
    </Link>
  );
}

/** The × beside a closable widget's heading, a 44 px touch target named by what it closes. */
export function CloseButton({
  label,
  onClick,
  pending,
}: {
  label: string;
  onClick: () => void;
  pending: boolean;
}) {
  return (
    <button
      type="button"
      onClick={onClick}
      disabled={pending}
      aria-busy={pending || undefined}
      aria-label={label}
      className="inline-flex size-11 shrink-0 items-center justify-center rounded-xl text-2xl text-slate-700 hover:bg-white disabled:opacity-60"
    >
      <span aria-hidden="true">×</span>
    </button>
  );
}

/** To the Pro sales page (podcasts.conversion) of the podcast. */
export function ConversionLink({ podcast, children }: { podcast: Podcast; children: ReactNode }) {
  return (
    <Link
      to="/app/podcasts/$id/conversion"
      params={{ id: String(podcast.id) }}
      className={buttonClass('primary', 'mt-4')}
    >
      {children}
    </Link>
  );
}
