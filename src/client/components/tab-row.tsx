import { useRouterState } from '@tanstack/react-router';
import { useLayoutEffect, useRef, type ReactNode } from 'react';

/**
 * A row of tab pills that scrolls sideways on phones (settings, podcast.edit, a method's tabs).
 * On every navigation the current pill (`aria-current="page"`) is scrolled into the row's view:
 * on 'Potential' or 'Studio Upgrade' it would otherwise sit off-screen to the right.
 * Only the row scrolls, never the page (scrollIntoView would move the window too).
 */
export function TabRow({ label, children }: { label: string; children: ReactNode }) {
  const row = useRef<HTMLElement>(null);
  const mounted = useRef(false);
  const pathname = useRouterState({ select: (s) => s.location.pathname });
  useLayoutEffect(() => {
    const nav = row.current;
    const active = nav?.querySelector<HTMLElement>('[aria-current="page"]');
    const first = !mounted.current;
    mounted.current = true;
    if (!nav || !active) return;
    // A new row starts scrolled to its start, where its first pill is: reading the offsets would
    // make the browser lay out the whole new screen inside React's commit (21-88 ms of a method's
    // first load unthrottled, tests/bench/screen-profile.ts) instead of in its own frame.
    if (first && active.closest('li') === nav.querySelector('li')) return;
    const left = active.offsetLeft - (nav.clientWidth - active.offsetWidth) / 2;
    nav.scrollTo({ left: Math.max(0, left), behavior: 'instant' });
  }, [pathname]);
  return (
    <nav ref={row} aria-label={label} className="relative -mx-4 mt-4 overflow-x-auto px-4">
      <ul className="flex gap-2 pb-2">{children}</ul>
    </nav>
  );
}
