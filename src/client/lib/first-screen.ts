import { startTransition, useEffect, useState } from 'react';

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
