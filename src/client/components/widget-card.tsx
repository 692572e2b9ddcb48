import { useId, type ReactNode } from 'react';

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

/** One widget of the dashboard (or of a method's page): a section named by its h2. */
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
