// Entscheidung CLI-28: what the first paint of a screen doesn't show — the header's
// menus with radix and floating-ui, the offline store behind 'Für offline speichern' — loads once
// the first screen has settled, not with it: with them the dashboard needed 229 KB of gzipped
// JavaScript before its heading (goal 170 KB). Until then a placeholder stands in (a trigger that
// looks the same and opens the real one once it has loaded, or nothing).
import {
  startTransition,
  useEffect,
  useState,
  type ComponentProps,
  type ComponentType,
  type ReactNode,
} from 'react';
import { onReconnect } from '../offline/connectivity.ts';
import { firstScreenSettled } from '../lib/first-screen.ts';
import { idleQueue } from '../lib/idle.ts';

type Placeholder = (open: () => void) => ReactNode;

/**
 * A menu's placeholder: a button like the menu's trigger. The press opens, as on the menu's own
 * trigger (radix opens menus on the press), not only the click: when the menu replaced the
 * placeholder between press and release, the click would reach neither button (Entscheidung
 * COMP-3; deferred-menus.spec.ts). The
 * click stays for the keyboard. Popovers and dialogs open on the click, and so do their placeholders.
 */
export function MenuPlaceholder({ open, ...button }: { open: () => void } & ComponentProps<'button'>) {
  return (
    <button
      type="button"
      aria-haspopup="menu"
      aria-expanded="false"
      onPointerDown={(event) => {
        if (event.button === 0 && !event.ctrlKey) open();
      }}
      onClick={open}
      {...button}
    />
  );
}

/**
 * A component whose module `load` imports after the first screen (at once on a later screen), or,
 * with `when: 'rendered'`, once it is first rendered. A component that has a `defaultOpen` prop
 * gets true there when the placeholder's `open` was called before the code was there.
 *
 * Offline and not cached, the import fails: the placeholder stays and the network's return tries
 * again. Never an error for the screen (Entscheidung COMP-4).
 */
export function deferred<P extends object>(
  load: () => Promise<ComponentType<P>>,
  { when = 'settled' }: { when?: 'settled' | 'rendered' } = {},
) {
  let loaded: ComponentType<P> | undefined;
  let loading: Promise<void> | undefined;
  const listeners = new Set<() => void>();
  const preload = (): Promise<void> =>
    (loading ??= load().then(
      (component) => {
        loaded = component;
        for (const listener of listeners) listener();
      },
      () => {
        loading = undefined;
        const stop = onReconnect(() => {
          stop();
          void preload();
        });
      },
    ));
  // One deferred part at a time, each in an idle moment (Entscheidung LIB-7).
  if (when === 'settled') void firstScreenSettled.then(() => idleQueue(preload));
  const subscribe = (listener: () => void) => {
    listeners.add(listener);
    return () => void listeners.delete(listener);
  };

  return function Deferred({
    placeholder,
    ...props
  }: Omit<P, 'defaultOpen'> & { placeholder?: Placeholder }) {
    // Loaded code renders in a transition, which yields to the browser every few milliseconds: as
    // an external store's update it rendered in one blocking task, 20–75 ms of a desktop's main
    // thread per menu right after the first paint, four times that on a phone.
    const [Loaded, setLoaded] = useState(() => loaded);
    const [openAtOnce, setOpenAtOnce] = useState(false);
    useEffect(() => {
      const show = () => startTransition(() => setLoaded(() => loaded));
      show();
      const stop = subscribe(show);
      if (when === 'rendered') void idleQueue(preload);
      return stop;
    }, []);
    if (Loaded) return <Loaded {...({ ...props, defaultOpen: openAtOnce } as P)} />;
    return (
      placeholder?.(() => {
        setOpenAtOnce(true);
        void preload();
      }) ?? null
    );
  };
}
