import { Link } from '@tanstack/react-router';
import { Popover } from 'radix-ui';
import { useId, type ComponentProps } from 'react';
import type { Assistance } from '../../../../shared/assistances.ts';
import { can } from '../../../../shared/roles.ts';
import { PushOptIn } from '../../../components/push-opt-in.tsx';
import { openFeedback } from '../../../lib/feedback-open.ts';

const menuLink = 'flex min-h-11 items-center rounded-lg px-3 hover:bg-slate-100 focus-visible:bg-slate-100';

type Props = {
  /** The button's props, which its placeholder shares (assistant-button.tsx). */
  trigger: ComponentProps<'button'>;
  podcast: { id: number; title: string; active: boolean; role: string };
  /** The newest tips to list. */
  tips: Assistance[];
  loading: boolean;
  defaultOpen?: boolean;
};

/**
 * The assistant's popover: Pro podcasts: up to 5 tip subjects, 'Alle Tipps anzeigen' and
 * 'Feedback geben'. Basic podcasts: the way to Studio Pro instead.
 */
export function AssistantPopover({ trigger, podcast, tips: shown, loading, defaultOpen }: Props) {
  const headingId = useId();
  const active = podcast.active;
  return (
    <Popover.Root defaultOpen={defaultOpen}>
      <Popover.Trigger {...trigger} />
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
              // Subjects wrap to two lines: a line with room on both sides keeps one tip from
              // running into the next (Entscheidung CLI-7).
              <ul aria-label="Neueste Tipps" className="divide-y divide-slate-200">
                {shown.map((tip) => (
                  <li key={tip.id} className="py-1">
                    <Popover.Close asChild>
                      <Link
                        to="/app/assistances/$id"
                        params={{ id: String(tip.id) }}
                        className={`${menuLink} py-2`}
                      >
                        {tip.subject}
                      </Link>
                    </Popover.Close>
                  </li>
                ))}
              </ul>
            ) : (
              <p className="px-3 pb-2 text-sm text-slate-600">
                {loading ? 'Lade Tipps …' : 'Noch keine Tipps für diesen Podcast.'}
              </p>
            )
          ) : (
            <div className="px-3 pb-2 text-sm">
              <p>Die Kompass-KI gibt es für „{podcast.title}“ in Studio Pro.</p>
              {/* The way to buy only for who may (owner, manager). */}
              {can(podcast.role, 'contract.redeem') && (
                <Popover.Close asChild>
                  <Link
                    to="/app/podcasts/$id/conversion"
                    params={{ id: String(podcast.id) }}
                    className="mt-2 inline-flex min-h-11 items-center font-semibold text-brand-800 underline"
                  >
                    Kompass-KI aktivieren
                  </Link>
                </Popover.Close>
              )}
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
