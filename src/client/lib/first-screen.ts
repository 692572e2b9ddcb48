import { startTransition, useEffect, useState } from 'react';

/**
 * Resolves once React has committed the first screen and run its effects (the root layout's effect
 * runs after its children's): the requests its components make on mount have started. The router's
 * onRendered comes from a layout effect, before those; with the first render in a transition
 * (main.tsx) the effects ran a task later, and main.tsx dropped the page's embedded answers before
 * the method list asked for them (app-screens-one-round-trip.spec.ts).
 */
let committed = () => {};
export const firstScreenCommitted = new Promise<void>((resolve) => {
  committed = resolve;
});
/** The root layout's: signals the first commit. */
export const useSignalFirstCommit = () => useEffect(() => committed(), []);

/**
 * Settles once the first screen after a start has rendered and its queries have answered
 * (main.tsx). Code a screen doesn't need for its first paint waits for it (components/deferred.tsx).
 */
let settle = () => {};
export const firstScreenSettled = new Promise<void>((resolve) => {
  settle = resolve;
});
export const settleFirstScreen = () => settle();

/** False until the first screen after a start has settled; then true, set in a transition. */
export function useFirstScreenSettled() {
  const [settled, setSettled] = useState(false);
  useEffect(() => {
    let mounted = true;
    void firstScreenSettled.then(() => mounted && startTransition(() => setSettled(true)));
    return () => {
      mounted = false;
    };
  }, []);
  return settled;
}
