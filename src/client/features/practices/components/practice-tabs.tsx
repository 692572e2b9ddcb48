// The tabs of practices.show below the header (practice-layout.tsx). Each reads its part of the
// method; a failed context or rating load shows the spec's text (§8).
import Markdown from 'react-markdown';
import type { Practice, PracticeContext, PracticeRating } from '../../../../shared/practices.ts';
import { levelPoints, metric } from '../../../../shared/vocabulary.ts';
import { LevelStars } from '../../../components/level-stars.tsx';
import { useDocumentTitle } from '../../../lib/document-title.ts';
import {
  usePracticeActions,
  usePracticeContent,
  usePracticeContext,
  usePracticeRating,
} from '../api/get-practice.ts';

const NO_CONTENT = 'Für diese Methode gibt es noch keine Beschreibung.';
const NO_CONTEXT = 'Für diese Methode wurde noch keine Einordnung vorgenommen.';
const NO_RATING = 'Für diese Methode wurden noch keine Potenziale definiert.';

function Panel({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <section className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm">
      <h2 className="text-lg font-bold text-slate-900">{title}</h2>
      <div className="mt-3">{children}</div>
    </section>
  );
}

const Loading = ({ what }: { what: string }) => <p className="text-slate-600">Lade {what}...</p>;

/**
 * The markdown description, as react-markdown renders it (no raw HTML). Its headings sit below the
 * panel's h2.
 */
export function Description({ markdown }: { markdown: string }) {
  return (
    <div className="prose-kompass space-y-3 text-slate-800 [&_a]:text-brand-800 [&_a]:underline [&_h3]:text-lg [&_h3]:font-bold [&_h4]:font-semibold [&_ol]:list-decimal [&_ol]:pl-5 [&_ul]:list-disc [&_ul]:pl-5">
      <Markdown components={{ h1: 'h3', h2: 'h3', h3: 'h4' }}>{markdown}</Markdown>
    </div>
  );
}

/** content: 'Beschreibung'. */
export function ContentTab({ practice }: { practice: Practice }) {
  useDocumentTitle(`Beschreibung – ${practice.title}`);
  const content = usePracticeContent(practice.id);
  return (
    <Panel title="Beschreibung">
      {content.isPending ? (
        <Loading what="Beschreibung" />
      ) : content.isError || !content.data.trim() ? (
        <p className="text-slate-700">{NO_CONTENT}</p>
      ) : (
        <Description markdown={content.data} />
      )}
    </Panel>
  );
}

const contextRows: { key: Exclude<keyof PracticeContext, 'realization' | 'recurrence'>; label: string }[] = [
  { key: 'relevance', label: 'Relevanz' },
  { key: 'application', label: 'Bereich' },
  { key: 'commitment', label: 'Zeiteinsatz' },
  { key: 'investment', label: 'Geldeinsatz' },
  { key: 'expansion', label: 'Hörerschaft' },
  { key: 'endurance', label: 'Wirkung' },
  { key: 'continuation', label: 'Fortführung' },
];

/** 'Einordnung in Aufwände' (recurrence stays hidden, §3). */
export function ContextPanel({ practiceId }: { practiceId: number }) {
  const context = usePracticeContext(practiceId);
  return (
    <Panel title="Einordnung in Aufwände">
      {context.isPending ? (
        <Loading what="Einordnung" />
      ) : context.isError ? (
        <p className="text-slate-700">{NO_CONTEXT}</p>
      ) : (
        <dl className="divide-y divide-slate-100">
          {contextRows.map(({ key, label }) => (
            <div key={key} className="flex flex-wrap justify-between gap-x-4 py-2">
              <dt className="font-medium text-slate-700">{label}</dt>
              <dd className="text-slate-900">{context.data[key].trans}</dd>
            </div>
          ))}
          {context.data.realization.length > 0 && (
            <div className="flex flex-wrap justify-between gap-x-4 py-2">
              <dt className="font-medium text-slate-700">Umsetzung</dt>
              <dd className="text-slate-900">{context.data.realization.map((r) => r.trans).join(', ')}</dd>
            </div>
          )}
        </dl>
      )}
    </Panel>
  );
}

/** 'Bewertung nach Potenzial': the eight metrics with 0–3 stars (§4). */
export function RatingPanel({ practiceId }: { practiceId: number }) {
  const rating = usePracticeRating(practiceId);
  return (
    <Panel title="Bewertung nach Potenzial">
      {rating.isPending ? (
        <Loading what="Bewertung" />
      ) : rating.isError ? (
        <p className="text-slate-700">{NO_RATING}</p>
      ) : (
        <RatingList rating={rating.data} />
      )}
    </Panel>
  );
}

function RatingList({ rating }: { rating: PracticeRating }) {
  return (
    <dl className="divide-y divide-slate-100">
      {metric.keys.map((k) => (
        <div key={k} className="flex items-center justify-between gap-4 py-2">
          <dt className="text-slate-800">{metric.labels[k]}</dt>
          <dd title={rating[k].trans}>
            <LevelStars points={levelPoints[rating[k].key]} />
          </dd>
        </div>
      ))}
    </dl>
  );
}

/** context: 'Einordnung'. */
export function ContextTab({ practice }: { practice: Practice }) {
  useDocumentTitle(`Einordnung – ${practice.title}`);
  return <ContextPanel practiceId={practice.id} />;
}

/** rating: 'Potential'. */
export function RatingTab({ practice }: { practice: Practice }) {
  useDocumentTitle(`Potential – ${practice.title}`);
  return <RatingPanel practiceId={practice.id} />;
}

/** actions: 'Anleitung', the steps in order. */
export function ActionsTab({ practice }: { practice: Practice }) {
  useDocumentTitle(`Anleitung – ${practice.title}`);
  const actions = usePracticeActions(practice.id);
  return (
    <Panel title="Anleitung">
      {actions.isPending ? (
        <Loading what="Anleitung" />
      ) : !actions.data?.length ? (
        <p className="text-slate-700">Die Schritte dieser Methode werden gerade noch geschrieben.</p>
      ) : (
        <ol className="list-decimal space-y-3 pl-5 text-slate-800">
          {actions.data.map((step) => (
            <li key={step.id}>
              <span>{step.description}</span>
              {step.has_link && step.link_target && (
                <a
                  href={step.link_target}
                  target="_blank"
                  rel="noopener noreferrer"
                  className="ml-1 text-brand-800 underline"
                >
                  {step.link_label || step.link_target}
                  <span className="sr-only"> (öffnet in neuem Tab)</span>
                </a>
              )}
            </li>
          ))}
        </ol>
      )}
    </Panel>
  );
}
