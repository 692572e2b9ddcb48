// While the method list is open, a card the user flags 'In Anwendung' or 'Nicht empfehlen' stays
// where it was: the server's next answer ranks it last (or onto a page not loaded), which moved it
// out from under the finger. A card whose flag changed while the list is shown is pinned at its
// place, with its newest copy (or its last one, if the answer no longer has it); every other card
// follows the server's order. Leaving the list, or changing order or filters, drops the pins.
// Entscheidung FPRA-5.
import { useState } from 'react';

type Card = { id: number; applied?: boolean; rejected?: boolean };
type Pin<T> = { index: number; item: T };

const flagged = (a: Card, b: Card) => a.applied !== b.applied || a.rejected !== b.rejected;

/** The next order: `next`, with the cards pinned so far and those whose flag just changed at their place. */
export function steadyOrder<T extends Card>(
  shown: readonly T[],
  pins: ReadonlyMap<number, Pin<T>>,
  next: readonly T[],
) {
  const fresh = new Map(next.map((item) => [item.id, item]));
  const pinned = new Map<number, Pin<T>>();
  for (const [id, pin] of pins) pinned.set(id, { index: pin.index, item: fresh.get(id) ?? pin.item });
  shown.forEach((item, index) => {
    const copy = fresh.get(item.id);
    if (copy && !pinned.has(item.id) && flagged(item, copy)) pinned.set(item.id, { index, item: copy });
  });
  const order = next.filter((item) => !pinned.has(item.id));
  for (const { index, item } of [...pinned.values()].sort((a, b) => a.index - b.index)) {
    order.splice(Math.min(index, order.length), 0, item);
  }
  return { order, pins: pinned };
}

/**
 * `items` in a steady order while `key` (order and filters) stays the same. `items` must keep its
 * identity while unchanged (memoized): a new array is a new answer. The previous order is state
 * adjusted during render, React's pattern for information from previous renders.
 */
export function useSteadyOrder<T extends Card>(items: readonly T[], key: string): readonly T[] {
  const [state, setState] = useState({ key, items, order: items, pins: new Map<number, Pin<T>>() });
  if (state.items === items && state.key === key) return state.order;
  const next =
    state.key === key ? steadyOrder(state.order, state.pins, items) : { order: [...items], pins: new Map() };
  setState({ key, items, ...next });
  return next.order;
}
