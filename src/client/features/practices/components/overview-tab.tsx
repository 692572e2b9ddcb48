import { Link } from '@tanstack/react-router';
import type { Podcast } from '../../../../shared/podcasts.ts';
import type { Practice } from '../../../../shared/practices.ts';
import { buttonClass } from '../../../components/button.tsx';
import { useDocumentTitle } from '../../../lib/document-title.ts';
import { CompilationsWidget } from './compilations-widget.tsx';
import { PooledEffectLine, Reasons } from './practice-card.tsx';
import { usePooledEffect } from '../api/get-pooled-effects.ts';
import { SimilarPractices } from './similar-practices.tsx';

/** A method nobody measured yet: „Noch zu wenige Messungen (0 von 5)“. */
const NOBODY = {
  practice_id: 0,
  shown: false,
  contributors: 0,
  needed: 5,
  experiments: null,
  podcasts: null,
  similar: null,
  fallback: null,
  effect: null,
  low: null,
  high: null,
  spread: null,
};

/** overview: teaser, keywords, 'Warum diese Methode?', 'Teil dieser Sets', 'Passende Methoden'. */
export function OverviewTab({ practice, podcast }: { practice: Practice; podcast: Podcast }) {
  useDocumentTitle(practice.title);
  const pooled = usePooledEffect(podcast.id, practice.id);
  return (
    <div className="grid items-start gap-6 lg:grid-cols-2">
      <section
        aria-labelledby="practice-overview"
        className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm lg:col-span-2"
      >
        <h2 id="practice-overview" className="text-lg font-bold text-slate-900">
          Überblick
        </h2>
        <p className="mt-2 text-slate-800">{practice.teaser}</p>
        {practice.keywords.length > 0 && (
          <ul aria-label="Schlagworte" className="mt-3 flex flex-wrap gap-1.5">
            {practice.keywords.map((k) => (
              <li key={k.handle} className="rounded-full bg-slate-100 px-2.5 py-1 text-xs text-slate-800">
                {k.title}
              </li>
            ))}
          </ul>
        )}
        <Reasons reasons={practice.reasons} />
        <PooledEffectLine
          pooled={pooled === null ? { ...NOBODY, practice_id: practice.id } : pooled}
          detail
        />
        {!podcast.active && (
          <Link
            to="/app/podcasts/$id/conversion"
            params={{ id: String(podcast.id) }}
            className={buttonClass('secondary', 'mt-4')}
          >
            Kompass befragen
          </Link>
        )}
        <Link
          to="/app/practices/$id/content"
          params={{ id: String(practice.id) }}
          className="mt-4 ml-1 inline-flex min-h-11 items-center text-brand-800 underline"
        >
          Zur Beschreibung
        </Link>
      </section>
      <CompilationsWidget practiceId={practice.id} />
      <SimilarPractices podcastId={podcast.id} practiceId={practice.id} />
    </div>
  );
}
