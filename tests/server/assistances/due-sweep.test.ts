// The sweep reads only the podcasts that are due (tip_schedule, migration 0028): the clock moves
// day by day across the due times of many podcasts (experiments starting, ending and ended, the
// trial's last days, a bookmark 14 days old, 30 days without metrics), and every time-driven tip
// comes exactly once, on its day; a full evaluation of every podcast finds nothing the sweep left.
import { beforeAll, describe, expect, it } from 'vitest';
import { addDays, berlinDate } from '../../../src/shared/calendar.ts';
import { evaluateTips, sweepTips } from '../../../src/server/engine/tips/evaluate-tips.ts';
import { duePodcasts } from '../../../src/server/engine/tips/tip-schedule.ts';
import { verifiedUser } from '../helpers/accounts.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';
import { addPractice } from '../experiments/experiment-helpers.ts';

const PODCASTS = 300;
const DAY = 86_400_000;
/** The time-driven causes this test sets up (strong matches depend on the content, not on it). */
const TIMED = /^(strategy-missing|team-alone|trial-ending|metrics-stale|experiment-|bookmark-idle)/;

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  // Noon in Berlin, so a day's step lands well inside the next day.
  t.clock.set('2026-06-10T10:00:00Z');
});

type Setup = { id: number; experiment: number; lifetime: boolean; bookmark: number | null };

async function population(): Promise<Setup[]> {
  const trialOwner = await verifiedUser(t);
  const lifetimeOwner = await verifiedUser(t);
  await t.db.updateTable('users').set({ granted: 1 }).where('id', '=', lifetimeOwner.id).execute();
  const tried = await addPractice(t, 'Gastauftritt');
  const kept = await addPractice(t, 'Hörerfragen');
  const now = t.clock.now();
  const today = berlinDate(now);
  const setups: Setup[] = [];
  for (let i = 0; i < PODCASTS; i++) {
    const at = new Date(now.getTime() - (i % 5) * DAY).toISOString();
    const lifetime = i % 2 === 1;
    const { id } = await t.db
      .insertInto('podcasts')
      .values({ title: `Funk ${i}`, created_at: at, updated_at: at })
      .returning('id')
      .executeTakeFirstOrThrow();
    await t.db
      .insertInto('memberships')
      .values({
        podcast_id: id,
        user_id: lifetime ? lifetimeOwner.id : trialOwner.id,
        role: 'owner',
        created_at: at,
      })
      .execute();
    const starts = addDays(today, 1 + (i % 7));
    const experiment = await t.db
      .insertInto('experiments')
      .values({
        podcast_id: id,
        practice_id: tried.id,
        title: `Versuch ${i}`,
        starts_at: starts,
        ends_at: addDays(starts, 13),
        created_at: at,
        updated_at: at,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const bookmark = i % 3 === 0 ? kept.id : null;
    if (bookmark)
      await t.db
        .insertInto('practice_bookmarks')
        .values({ podcast_id: id, practice_id: kept.id, created_at: at })
        .execute();
    setups.push({ id, experiment: experiment.id, lifetime, bookmark });
  }
  return setups;
}

/** What each podcast must have been told after 40 days (a trial's tips stop when it ends). */
const expected = (s: Setup) =>
  [
    'strategy-missing',
    'team-alone',
    s.lifetime ? 'metrics-stale:never' : 'trial-ending',
    `experiment-starting:${s.experiment}`,
    `experiment-ending:${s.experiment}`,
    `experiment-unevaluated:${s.experiment}`,
    ...(s.bookmark ? [`bookmark-idle:${s.bookmark}`] : []),
  ].sort();

describe('the due-time sweep', { timeout: 240_000 }, () => {
  it('moves the clock across many podcasts’ due times and makes every tip once, on its day', async () => {
    const setups = await population();

    // Every new podcast is due at once (the trigger of migration 0028).
    expect((await duePodcasts(t.db, t.clock.now(), PODCASTS + 1)).length).toBe(PODCASTS);
    const startOfRun = await sweepTips(t.ctx);
    expect(startOfRun).toBeGreaterThanOrEqual(PODCASTS * 2); // welcome and goals-missing each
    // Right after a sweep nothing is due: the next one reads no podcast at all.
    expect(await duePodcasts(t.db, t.clock.now(), 10)).toEqual([]);
    expect(await sweepTips(t.ctx)).toBe(0);

    let swept = 0;
    for (let day = 1; day <= 40; day++) {
      t.clock.advance(DAY);
      const due = (await duePodcasts(t.db, t.clock.now(), PODCASTS + 1)).length;
      swept += due;
      await sweepTips(t.ctx);
      // On some days, the old exhaustive sweep: evaluating every podcast finds no tip left to make.
      if (day % 10 === 0) {
        let missed = 0;
        for (const s of setups) missed += (await evaluateTips(t.ctx, s.id)).length;
        expect(missed, `tips the sweep missed on day ${day}`).toBe(0);
      }
    }
    // The sweep read each podcast on a handful of days, not on all 40.
    expect(swept).toBeLessThan(PODCASTS * 12);

    const rows = await t.db.selectFrom('assistances').select(['podcast_id', 'cause']).execute();
    const keys = rows.map((r) => `${r.podcast_id}:${r.cause}`);
    expect(new Set(keys).size).toBe(keys.length);
    for (const s of setups) {
      const timed = rows
        .filter((r) => r.podcast_id === s.id && TIMED.test(r.cause))
        .map((r) => r.cause)
        .sort();
      expect(timed, `podcast ${s.id}`).toEqual(expected(s));
    }
  });
});
