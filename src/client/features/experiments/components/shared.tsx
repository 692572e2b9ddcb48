// Pieces every experiment screen uses: the podcast as these screens need it, days in German,
// and the Studio Pro upsell a Basic podcast sees instead (§6).
import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { buttonClass } from '../../../components/button.tsx';

/** The selected podcast as the experiment screens need it (handed in by the route's screen). */
export type ExperimentPodcast = { id: number; title: string; active: boolean; role: string };

/** yyyy-MM-dd as 'dd.MM.yyyy'. */
export const germanDate = (date: string) => date.split('-').reverse().join('.');

export { dayCount } from '../../../../shared/plan-name.ts';

/** For a Basic podcast: what experiments are, and the way to Studio Pro. */
export function ProUpsell({ podcast, title }: { podcast: ExperimentPodcast; title: string }) {
  return (
    <section className="rounded-2xl border border-brand-200 bg-brand-50 p-5 shadow-sm sm:p-8">
      <h1 className="text-2xl font-bold text-slate-900">{title}</h1>
      <p className="mt-3 text-slate-800">
        Experimente gibt es in Studio Pro: Probiere eine Methode für eine feste Zeit aus, hake ihre Aufgaben
        ab und werte am Ende aus, was sie deinem Podcast gebracht hat.
      </p>
      <Link
        to="/app/podcasts/$id/conversion"
        params={{ id: String(podcast.id) }}
        className={buttonClass('primary', 'mt-4')}
      >
        Studio Pro ansehen
      </Link>
    </section>
  );
}

export function Card({ title, children, id }: { title: string; children: ReactNode; id: string }) {
  return (
    <section aria-labelledby={id} className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm">
      <h2 id={id} className="text-lg font-bold text-slate-900">
        {title}
      </h2>
      <div className="mt-3">{children}</div>
    </section>
  );
}
