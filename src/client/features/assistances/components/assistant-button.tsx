import { useEffect, useRef, useState, type RefObject } from 'react';
import { ASSISTANT_TIPS } from '../../../../shared/limits.ts';
import { httpStatus } from '../../../api/errors.ts';
import { deferred } from '../../../components/deferred.tsx';
import { CompassMark } from '../../../components/logo.tsx';
import { useAssistances } from '../api/get-assistances.ts';

/** The tips' popover (assistant-popover.tsx, on radix): its code loads after the first screen. */
const Popover = deferred(() => import('./assistant-popover.tsx').then((m) => m.AssistantPopover));

type Props = {
  podcast: { id: number; title: string; active: boolean; role: string } | null;
  /** The server refused the tips (403/404): the podcast may be gone for this user. */
  onRefused?: () => void;
};

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
  const triggerProps = {
    ref: trigger,
    'data-assistant-button': '',
    'aria-hidden': covers || undefined,
    tabIndex: covers ? -1 : undefined,
    className: `${covers ? 'invisible' : ''} fixed right-4 bottom-20 z-40 flex min-h-12 items-center gap-2 rounded-full bg-brand-800 px-4 font-semibold text-white shadow-lg hover:bg-brand-900 focus-visible:outline-offset-4 md:bottom-6`,
    'aria-label': active ? `Kompass-KI: ${shown.length} Tipps` : 'Kompass befragen',
    children: (
      <>
        <CompassMark className="size-6" />
        <span>{active ? 'Kompass-KI' : 'Kompass befragen'}</span>
        {active && shown.length > 0 && (
          <span className="rounded-full bg-white px-2 text-sm text-brand-900" aria-hidden="true">
            {shown.length}
          </span>
        )}
      </>
    ),
  };
  return (
    <Popover
      trigger={triggerProps}
      podcast={podcast}
      tips={shown}
      loading={tips.isPending}
      placeholder={(open) => (
        <button type="button" aria-haspopup="dialog" aria-expanded="false" onClick={open} {...triggerProps} />
      )}
    />
  );
}
