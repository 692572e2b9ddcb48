// Decision (2026-11-26, issue 25): what the first paint of a screen doesn't show — the header's
// menus with radix and floating-ui, the offline store behind 'Für offline speichern' — loads once
// the first screen has settled, not with it: with them the dashboard needed 229 KB of gzipped
// JavaScript before its heading (goal 170 KB). Until then a placeholder stands in (a trigger that
// looks the same and opens the real one once it has loaded, or nothing).
import { useState, useSyncExternalStore, type ComponentType, type ReactNode } from 'react';
import { firstScreenSettled } from '../lib/first-screen.ts';

type Placeholder = (open: () => void) => ReactNode;

/**
 * A component whose module `load` imports after the first screen (at once on a later screen).
 * A component that has a `defaultOpen` prop gets true there when the placeholder's `open` was
 * called before the code was there.
 */
export function deferred<P extends object>(load: () => Promise<ComponentType<P>>) {
  let loaded: ComponentType<P> | undefined;
  let loading: Promise<void> | undefined;
  const listeners = new Set<() => void>();
  const preload = () =>
    (loading ??= load().then(
      (component) => {
        loaded = component;
        for (const listener of listeners) listener();
      },
      // Offline and not cached: the placeholder stays, a later try may load it.
      () => {
        loading = undefined;
      },
    ));
  void firstScreenSettled.then(preload);
  const subscribe = (listener: () => void) => {
    listeners.add(listener);
    return () => void listeners.delete(listener);
  };

  return function Deferred({
    placeholder,
    ...props
  }: Omit<P, 'defaultOpen'> & { placeholder?: Placeholder }) {
    const Loaded = useSyncExternalStore(subscribe, () => loaded);
    const [openAtOnce, setOpenAtOnce] = useState(false);
    if (Loaded) return <Loaded {...({ ...props, defaultOpen: openAtOnce } as P)} />;
    return (
      placeholder?.(() => {
        setOpenAtOnce(true);
        void preload();
      }) ?? null
    );
  };
}
