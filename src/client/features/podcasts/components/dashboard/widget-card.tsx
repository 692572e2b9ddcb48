import { Link } from '@tanstack/react-router';
import type { Podcast } from '../../../../../shared/podcasts.ts';
import { can, type PodcastAction } from '../../../../../shared/roles.ts';
import { useId, type ReactNode } from 'react';
import { buttonClass } from '../../../../components/button.tsx';

type Props = {
  title: ReactNode;
  /** Beside the heading: an edit or close button. */
  action?: ReactNode;
  tone?: 'plain' | 'highlight';
  className?: string;
  children: ReactNode;
};

const tones = {
  plain: 'border-slate-200 bg-white',
  highlight: 'border-brand-200 bg-brand-50',
};

/** One widget of the dashboard: a section named by its h2. */
export function WidgetCard({ title, action, tone = 'plain', className = '', children }: Props) {
  const headingId = useId();
  return (
    <section
      aria-labelledby={headingId}
      className={`rounded-2xl border p-5 shadow-sm ${tones[tone]} ${className}`}
    >
      <div className="flex items-start justify-between gap-3">
        <h2 id={headingId} className="pt-2 text-lg font-bold text-slate-900">
          {title}
        </h2>
        {action}
      </div>
      <div className="mt-3">{children}</div>
    </section>
  );
}

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
