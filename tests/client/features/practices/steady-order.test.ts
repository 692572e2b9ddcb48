import { describe, expect, it } from 'vitest';
import { steadyOrder } from '../../../../src/client/features/practices/components/steady-order.ts';

const card = (id: number, applied = false) => ({ id, applied, rejected: false });
const ids = (cards: { id: number }[]) => cards.map((c) => c.id);

describe('the method list while it is open', () => {
  it('keeps a card just applied where it was, though the server ranks it last or leaves it out', () => {
    const shown = [card(1), card(2), card(3), card(4)];
    // The optimistic flag on 2, then the server's answer, which ranks it off the loaded page.
    const flaggedNow = steadyOrder(shown, new Map(), [card(1), card(2, true), card(3), card(4)]);
    expect(ids(flaggedNow.order)).toEqual([1, 2, 3, 4]);
    const refetched = steadyOrder(flaggedNow.order, flaggedNow.pins, [card(1), card(3), card(4), card(5)]);
    expect(refetched.order).toEqual([card(1), card(2, true), card(3), card(4), card(5)]);
  });

  it("follows the server's order for every card whose flag did not change (a stale first copy too)", () => {
    const stale = [card(1), card(2), card(3)];
    expect(ids(steadyOrder(stale, new Map(), [card(3), card(1), card(2)]).order)).toEqual([3, 1, 2]);
  });

  it('shows a pinned card once when a further page brings it back', () => {
    const first = steadyOrder([card(1), card(2)], new Map(), [card(1), card(2, true)]);
    expect(ids(steadyOrder(first.order, first.pins, [card(1), card(3), card(2, true)]).order)).toEqual([
      1, 2, 3,
    ]);
  });
});
