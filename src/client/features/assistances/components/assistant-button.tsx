import { Link } from '@tanstack/react-router';
import { Popover } from 'radix-ui';
import { useEffect, useId, useRef, useState, type RefObject } from 'react';
import { can } from '../../../../shared/roles.ts';
import { ASSISTANT_TIPS } from '../../../../shared/assistances.ts';
import { httpStatus } from '../../../api/errors.ts';
import { CompassMark } from '../../../components/logo.tsx';
import { PushOptIn } from '../../../components/push-opt-in.tsx';
import { openFeedback } from '../../../lib/feedback-widget.ts';
import { useAssistances } from '../api/get-assistances.ts';

type Props = {
  podcast: { id: number; title: string; active: boolean; role: string } | null;
  /** The server refused the tips (403/404): the podcast may be gone for this user. */
  onRefused?: () => void;
};

const menuLink = 'flex min-h-11 items-center rounded-lg px-3 hover:bg-slate-100 focus-visible:bg-slate-100';

const FIELD = 'input, textarea, select, [contenteditable="true"]';

/**
 * True while the user types: a form field has focus, or the on-screen keyboard takes a quarter of
 * the screen (visualViewport shrinks). The button then steps aside, so it never covers a form's
 * field or its primary action above the keyboard (issue 21). The end of every page keeps room
 * for it (app-layout.tsx, main's bottom padding), so it covers nothing there either.
 */
function useTyping() {
  const [typing, setTyping] = useState(false);
  useEffect(() => {
    const viewport = window.visualViewport;
    const update = () => {
      const active = document.activeElement;
      const field = active instanceof HTMLElement && active.matches(FIELD) && active.closest('main') !== null;
      const keyboard = viewport !== null && viewport.height < window.innerHeight * 0.75;
      setTyping(field || keyboard);
    };
    document.addEventListener('focusin', update);
    document.addEventListener('focusout', update);
    viewport?.addEventListener('resize', update);
    return () => {
      document.removeEventListener('focusin', update);
      document.removeEventListener('focusout', update);
      viewport?.removeEventListener('resize', update);
    };
  }, []);
  return typing;
}

const CONTROL = 'a[href], button, input, select, textarea, summary, label, [role="radio"]';

/**
 * True while the button would lie over a control of the page (a form's button, the stars of a
 * method, a checklist tile): it is then made invisible until the page scrolls on (issue 21). At
 * the end of every page there is room for it, so it shows there. Checked on scroll, resize and
 * whenever <main> changes, at most once a frame.
 */
function useCoversControl(button: RefObject<HTMLElement | null>, shown: boolean) {
  const [covers, setCovers] = useState(false);
  useEffect(() => {
    let frame = 0;
    const check = () => {
      frame = 0;
      const own = button.current?.getBoundingClientRect();
      const main = document.getElementById('main');
      if (!own || !main) return;
      const hit = Array.from(main.querySelectorAll(CONTROL)).some((el) => {
        const b = el.getBoundingClientRect();
        if (b.width <= 1 || b.height <= 1) return false;
        return b.left < own.right && b.right > own.left && b.top < own.bottom && b.bottom > own.top;
      });
      setCovers(hit);
    };
    const schedule = () => {
      if (!frame) frame = requestAnimationFrame(check);
    };
    // A change of <main> (a screen rendering, its data arriving) is checked when the browser is
    // idle: in a frame, each check laid the page out while it was still being built, 0.7 s of the
    // dashboard's main thread on a phone (Lighthouse, issue 25). Scroll and resize stay per frame.
    let idle = 0;
    const scheduleIdle = () => {
      if (idle || frame) return;
      if (!('requestIdleCallback' in window)) return schedule();
      idle = requestIdleCallback(
        () => {
          idle = 0;
          schedule();
        },
        { timeout: 1000 },
      );
    };
    scheduleIdle();
    const changes = new MutationObserver(scheduleIdle);
    const main = document.getElementById('main');
    if (main) changes.observe(main, { childList: true, subtree: true, attributes: true });
    window.addEventListener('scroll', schedule, { passive: true });
    window.addEventListener('resize', schedule);
    return () => {
      cancelAnimationFrame(frame);
      if (idle) cancelIdleCallback(idle);
      changes.disconnect();
      window.removeEventListener('scroll', schedule);
      window.removeEventListener('resize', schedule);
    };
  }, [button, shown]);
  return covers;
}

/**
 * §2 Navigation: the floating assistant button (bottom right, above the phone's tab bar). Pro
 * podcasts: up to 5 tip subjects, 'Alle Tipps anzeigen' and 'Feedback geben'; the tips are polled
 * every 10 s. Basic podcasts: 'Kompass befragen' opens the way to Studio Pro instead.
 */
export function AssistantButton({ podcast, onRefused }: Props) {
  const headingId = useId();
  const active = podcast?.active ?? false;
  const tips = useAssistances(podcast?.id ?? 0, podcast !== null && active);
  const typing = useTyping();
  const trigger = useRef<HTMLButtonElement>(null);
  const covers = useCoversControl(trigger, podcast !== null && !typing);
  const refused = [403, 404].includes(httpStatus(tips.error) ?? 0);
  useEffect(() => {
    if (refused) onRefused?.();
  }, [refused, onRefused]);
  if (!podcast || typing) return null;
  const shown = (tips.data ?? []).slice(0, ASSISTANT_TIPS);
  return (
    <Popover.Root>
      <Popover.Trigger
        ref={trigger}
        data-assistant-button=""
        aria-hidden={covers || undefined}
        tabIndex={covers ? -1 : undefined}
        className={`${covers ? 'invisible' : ''} fixed right-4 bottom-20 z-40 flex min-h-12 items-center gap-2 rounded-full bg-brand-800 px-4 font-semibold text-white shadow-lg hover:bg-brand-900 focus-visible:outline-offset-4 md:bottom-6`}
        aria-label={active ? `Kompass-KI: ${shown.length} Tipps` : 'Kompass befragen'}
      >
        <CompassMark className="size-6" />
        <span>{active ? 'Kompass-KI' : 'Kompass befragen'}</span>
        {active && shown.length > 0 && (
          <span className="rounded-full bg-white px-2 text-sm text-brand-900" aria-hidden="true">
            {shown.length}
          </span>
        )}
      </Popover.Trigger>
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
              <ul aria-label="Neueste Tipps">
                {shown.map((tip) => (
                  <li key={tip.id}>
                    <Popover.Close asChild>
                      <Link to="/app/assistances/$id" params={{ id: String(tip.id) }} className={menuLink}>
                        {tip.subject}
                      </Link>
                    </Popover.Close>
                  </li>
                ))}
              </ul>
            ) : (
              <p className="px-3 pb-2 text-sm text-slate-600">
                {tips.isPending ? 'Lade Tipps …' : 'Noch keine Tipps für diesen Podcast.'}
              </p>
            )
          ) : (
            <div className="px-3 pb-2 text-sm">
              <p>Die Kompass-KI gibt es für „{podcast.title}“ in Studio Pro.</p>
              {/* The way to buy only for who may (owner, manager; issue 21). */}
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
