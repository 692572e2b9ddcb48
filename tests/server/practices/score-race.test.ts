// Two refreshes of a podcast's ranking at once (src/server/practices/recommend.ts, Entscheidung
// PRA-12): one that read the flags before a rejection and stores after the rejection's own refresh
// must not put its older ranking over the newer one.
import { describe, expect, it } from 'vitest';
import type { Database } from '../../../src/server/db/database.ts';
import { refreshScores } from '../../../src/server/practices/recommend.ts';
import { verifiedUser } from '../helpers/accounts.ts';
import { createTestApp } from '../helpers/test-app.ts';
import { addCategories, createPodcast } from '../podcasts/podcast-helpers.ts';
import { goals } from './practice-helpers.ts';

const t = await createTestApp({ seed: true });
await addCategories(t);
const owner = await verifiedUser(t);

const storedRow = (podcastId: number) =>
  t.db
    .selectFrom('practice_score_states')
    .select(['fingerprint', 'ranking'])
    .where('podcast_id', '=', podcastId)
    .executeTakeFirstOrThrow();

/**
 * The database, with the ranking's writes held until `release`: `arrived` resolves when a refresh
 * has read its inputs and is about to store. Builders are wrapped as they are chained.
 */
function heldWrites(db: Database) {
  let release!: () => void;
  let arrive!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  const arrived = new Promise<void>((resolve) => (arrive = resolve));
  const hold = <T extends object>(builder: T): T =>
    new Proxy(builder, {
      get(target, key) {
        const value: unknown = Reflect.get(target, key, target);
        if (typeof value !== 'function') return value;
        if (typeof key === 'string' && key.startsWith('execute')) {
          return async () => {
            arrive();
            await released;
            return (value as () => unknown).call(target);
          };
        }
        return (...args: unknown[]) => {
          const next = (value as (...a: unknown[]) => unknown).apply(target, args);
          return next && typeof next === 'object' && 'execute' in next ? hold(next) : next;
        };
      },
    });
  const held = new Proxy(db, {
    get(target, key) {
      const value: unknown = Reflect.get(target, key, target);
      if (typeof value !== 'function') return value;
      if (key === 'updateTable' || key === 'insertInto') {
        return (table: string) => {
          const builder = (value as (t: string) => object).call(target, table);
          return table === 'practice_score_states' ? hold(builder) : builder;
        };
      }
      return (value as (...a: unknown[]) => unknown).bind(target);
    },
  });
  return { db: held, arrived, release };
}

describe('two refreshes of a ranking at once', () => {
  it('a refresh that read the flags before a rejection does not store over the rejection', async () => {
    const podcast = (await createPodcast(owner.agent, { title: 'Wettlauf' })).id;
    await owner.agent.put(`/api/podcasts/${podcast}/objective`, goals('coverage'));
    await t.jobs.tipSweep.runOnce(); // no debounced refresh of the creation still to come
    const [first] = (await owner.agent.get(`/api/podcasts/${podcast}/estimations`)).json().data as {
      practice_id: number;
    }[];
    // The stored ranking forgets its inputs, so the background refresh below computes and stores
    // one, from the flags as they are before the rejection.
    await t.db
      .updateTable('practice_score_states')
      .set({ fingerprint: null })
      .where('podcast_id', '=', podcast)
      .execute();
    const background = heldWrites(t.db);
    const late = refreshScores(background.db, podcast, t.clock.now());
    await background.arrived;

    expect(
      (await owner.agent.post(`/api/podcasts/${podcast}/rejections`, { practice_id: first!.practice_id }))
        .statusCode,
    ).toBe(201);
    const afterRejection = await storedRow(podcast);
    background.release();
    await late;

    expect(await storedRow(podcast)).toEqual(afterRejection);
    const now = (await owner.agent.get(`/api/podcasts/${podcast}/estimations`)).json().data as {
      practice_id: number;
    }[];
    expect(now.map((e) => e.practice_id)).not.toContain(first!.practice_id);
  });
});
