import { describe, expect, it } from 'vitest';
import { steadyOrder } from '../../../../src/client/features/practices/components/steady-order.ts';

const card = (id: number, applied = false) => ({ id, applied });

describe('the method list while it is open', () => {
  it('keeps a card applied from the list where it was, with its new flag, though the server moved it to the end', () => {
    const shown = [card(1), card(2), card(3)];
    // The refetch after 'In Anwendung' on 2: the server sorts it last (here: onto a later page).
    const next = [card(1), card(3), card(4)];
    expect(steadyOrder(shown, next)).toEqual([card(1), card(2), card(3), card(4)]);
    expect(steadyOrder(shown, [card(1), card(3), card(2, true)])).toEqual([card(1), card(2, true), card(3)]);
  });

  it('adds the cards of a further page after the ones shown, without showing one twice', () => {
    const shown = [card(1), card(2, true)];
    expect(steadyOrder(shown, [card(1), card(3), card(4), card(2, true)])).toEqual([
      card(1),
      card(2, true),
      card(3),
      card(4),
    ]);
  });
});
