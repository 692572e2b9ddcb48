import { useId, useState } from 'react';
import type { Podcast } from '../../../../../shared/podcasts.ts';
import { strategyFields, strategySections } from '../../../../../shared/strategy.ts';
import { useStrategy } from '../../api/get-strategy.ts';
import { EditLink, WidgetCard } from './widget-card-actions.tsx';

/**
 * 'Podcast-Strategie' (§2): seven collapsible sections; an empty one shows the question it asks.
 * A failed load leaves every answer empty (§8), so the questions show.
 *
 * Entscheidung FPOD-3: each section is a disclosure of its own (a heading's button with
 * `aria-expanded`, its region hidden while closed), as radix's Accordion renders it, without radix.
 */
export function StrategyWidget({ podcast }: { podcast: Podcast }) {
  const strategy = useStrategy(podcast.id);
  return (
    <WidgetCard
      title="Podcast-Strategie"
      action={
        <EditLink
          podcast={podcast}
          action="strategy.update"
          to="/app/podcast/edit/strategy"
          what="Podcast-Strategie"
        />
      }
    >
      {strategy.isPending ? (
        <p className="text-slate-600">Lade Strategie...</p>
      ) : (
        <div className="divide-y divide-slate-200 border-y border-slate-200">
          {strategyFields.map((field) => (
            <Section key={field} {...strategySections[field]} answer={strategy.data?.[field]} />
          ))}
        </div>
      )}
    </WidgetCard>
  );
}

function Section({ label, question, answer }: { label: string; question: string; answer?: string | null }) {
  const [open, setOpen] = useState(false);
  const id = useId();
  return (
    <div>
      <h3 className="text-base">
        <button
          type="button"
          id={`${id}-trigger`}
          aria-expanded={open}
          aria-controls={`${id}-content`}
          onClick={() => setOpen(!open)}
          className="group flex min-h-11 w-full items-center justify-between gap-3 py-2 text-left font-semibold text-slate-900"
        >
          {label}
          <span
            aria-hidden="true"
            className="text-xl text-brand-700 transition-transform group-aria-expanded:rotate-45"
          >
            +
          </span>
        </button>
      </h3>
      <div
        id={`${id}-content`}
        role="region"
        aria-labelledby={`${id}-trigger`}
        hidden={!open}
        className="pb-3"
      >
        {answer ? (
          <p className="whitespace-pre-line text-slate-800">{answer}</p>
        ) : (
          <p className="text-slate-600 italic">{question}</p>
        )}
      </div>
    </div>
  );
}
