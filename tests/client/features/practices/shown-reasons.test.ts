import { describe, expect, it } from 'vitest';
import { shownReasons } from '../../../../src/client/features/practices/components/dashboard-widgets.tsx';

describe("'Als Nächstes empfohlen'", () => {
  it('shows each row a reason the rows above did not show yet', () => {
    const goal = 'Passt zu deinem Ziel Reichweite';
    expect(
      shownReasons([
        { reasons: [goal, 'Braucht wenig Zeit'] },
        { reasons: [goal, 'Passt zu deinem Ziel Interaktion'] },
        { reasons: [goal, 'Braucht wenig Zeit', 'Kein Budget nötig'] },
      ]),
    ).toEqual([goal, 'Passt zu deinem Ziel Interaktion', 'Braucht wenig Zeit']);
  });

  it('repeats a reason only when a row has no other, and shows none for a row without reasons', () => {
    expect(shownReasons([{ reasons: ['A'] }, { reasons: ['A'] }, { reasons: [] }])).toEqual([
      'A',
      'A',
      undefined,
    ]);
  });
});
