// While the method list is open, a card stays where the user saw it: 'In Anwendung' or 'Nicht
// empfehlen' used to move it at once to the end of the 99 (or onto a page not loaded), out from
// under the finger. The list keeps the order it showed; a card the new answer no longer has on
// its loaded pages stays with its last copy (the flag already set on it), new cards come after.
// Leaving the list or changing order or filters starts from the server's order again.
// Decision 2026-12-01.
import { useState } from 'react';

/** `shown` as it was, each entry replaced by its copy in `next`; then what `next` adds, in its order. */
export function steadyOrder<T extends { id: number }>(shown: readonly T[], next: readonly T[]): T[] {
  const fresh = new Map(next.map((item) => [item.id, item]));
  const kept = shown.map((item) => fresh.get(item.id) ?? item);
  const known = new Set(shown.map((item) => item.id));
  return [...kept, ...next.filter((item) => !known.has(item.id))];
}

/**
 * `items` in a steady order while `key` (order and filters) stays the same. `items` must keep its
 * identity while unchanged (memoized): a new array is a new answer. The previous order is state
 * adjusted during render, React's pattern for information from previous renders.
 */
export function useSteadyOrder<T extends { id: number }>(items: readonly T[], key: string): readonly T[] {
  const [state, setState] = useState({ key, items, ordered: items });
  if (state.items === items && state.key === key) return state.ordered;
  const ordered = state.key === key ? steadyOrder(state.ordered, items) : items;
  setState({ key, items, ordered });
  return ordered;
}
