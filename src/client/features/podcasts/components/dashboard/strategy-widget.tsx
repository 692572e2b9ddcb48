import { Accordion } from 'radix-ui';
import type { Podcast } from '../../../../../shared/podcasts.ts';
import { strategyFields, strategySections } from '../../../../../shared/strategy.ts';
import { useStrategy } from '../../api/get-strategy.ts';
import { EditLink, WidgetCard } from './widget-card.tsx';

/**
 * 'Podcast-Strategie' (§2): seven collapsible sections; an empty one shows the question it asks.
 * A failed load leaves every answer empty (§8), so the questions show.
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
        <Accordion.Root type="multiple" className="divide-y divide-slate-200 border-y border-slate-200">
          {strategyFields.map((field) => {
            const answer = strategy.data?.[field];
            const { label, question } = strategySections[field];
            return (
              <Accordion.Item key={field} value={field}>
                <Accordion.Header className="text-base">
                  <Accordion.Trigger className="group flex min-h-11 w-full items-center justify-between gap-3 py-2 text-left font-semibold text-slate-900">
                    {label}
                    <span
                      aria-hidden="true"
                      className="text-xl text-brand-700 transition-transform group-data-[state=open]:rotate-45"
                    >
                      +
                    </span>
                  </Accordion.Trigger>
                </Accordion.Header>
                <Accordion.Content className="pb-3">
                  {answer ? (
                    <p className="whitespace-pre-line text-slate-800">{answer}</p>
                  ) : (
                    <p className="text-slate-600 italic">{question}</p>
                  )}
                </Accordion.Content>
              </Accordion.Item>
            );
          })}
        </Accordion.Root>
      )}
    </WidgetCard>
  );
}
