// The differencing guard of the pooled effects (pooled-publish.ts): two answers, with and without
// one podcast, must not reveal that podcast's effect. A published figure changes only when at
// least five podcasts came, went or changed since it was made, also across a withdrawal, so the
// answers with and without one podcast are the same whatever its effect was.
import { describe, expect, it } from 'vitest';
import {
  BATCH,
  changedPodcasts,
  decide,
  figuresOf,
  signatureOf,
  type Contribution,
  type Figure,
} from '../../../src/server/practices/pooled-publish.ts';
import { seededRandom } from '../../../src/server/audience/baseline-bootstrap.ts';
import { normal } from '../../support/synthetic-audience.ts';

const kind = { size: 0, rhythm: 0 };
const contribution = (podcastId: number, y: number, experimentId = podcastId): Contribution => ({
  experimentId,
  podcastId,
  ownerId: podcastId,
  y,
  v: 0.01,
  kind,
});

/** A publisher as the job runs it: the shown figures, kept until decide() says otherwise. */
function publisher() {
  let published: ReturnType<typeof signatureOf> | null = null;
  let shown: Figure[] = [];
  return {
    update(list: Contribution[]) {
      const action = decide(list, published, shown.length > 0);
      if (action === 'publish') {
        shown = figuresOf(list);
        published = signatureOf(list);
      } else if (action === 'withdraw') shown = [];
      return shown;
    },
  };
}

describe('pooled effects: differencing', () => {
  const base = Array.from({ length: 8 }, (_, i) => contribution(i + 1, 0.05 + 0.02 * i));

  it('answers alike with and without one podcast, whatever its effect', () => {
    for (const target of [-0.7, 0, 0.15, 1.2]) {
      const p = publisher();
      const without = p.update(base);
      expect(without.length).toBeGreaterThan(0);
      const withTarget = p.update([...base, contribution(99, target)]);
      expect(withTarget).toEqual(without);
      // And a second experiment of a podcast already counted changes nothing either.
      expect(p.update([...base, contribution(1, target, 500)])).toEqual(without);
      expect(p.update(base)).toEqual(without);
    }
  });

  it('changes a figure only when five podcasts changed, so a difference mixes five of them', () => {
    const random = seededRandom(5);
    const p = publisher();
    let list = [...base];
    let last = signatureOf(list);
    let before = p.update(list);
    let next = 1000;
    let publications = 0;
    for (let step = 0; step < 400; step++) {
      // A podcast arrives, leaves, or measures again.
      const roll = random();
      if (roll < 0.5 || list.length < 3) list = [...list, contribution(next++, 0.1 * normal(random))];
      else if (roll < 0.8) list = list.filter((_, i) => i !== Math.floor(random() * list.length));
      else list = [...list, { ...list[Math.floor(random() * list.length)]!, experimentId: next++ }];
      const after = p.update(list);
      if (after.length > 0 && JSON.stringify(after) !== JSON.stringify(before)) {
        expect(changedPodcasts(last, signatureOf(list))).toBeGreaterThanOrEqual(BATCH);
        last = signatureOf(list);
        publications++;
      }
      before = after;
    }
    expect(publications).toBeGreaterThan(10);
  });

  it('after a withdrawal shows again only once five podcasts changed since the last publication', () => {
    const five = base.slice(0, 5);
    const p = publisher();
    const first = p.update(five);
    expect(first.length).toBeGreaterThan(0);
    // One leaves: fewer than five, withdrawn at once.
    expect(p.update(five.slice(1))).toEqual([]);
    // One other arrives: five again, but only two podcasts differ from the published five.
    expect(p.update([...five.slice(1), contribution(77, 0.9)])).toEqual([]);
    const moved = [...five.slice(1), ...[77, 78, 79, 80].map((id) => contribution(id, 0.1))];
    expect(p.update(moved).length).toBeGreaterThan(0);
  });

  it('publishes whole percents only', () => {
    for (const f of figuresOf(base))
      for (const n of [f.effect, f.low, f.high, f.spread]) expect(Number.isInteger(n)).toBe(true);
  });
});
