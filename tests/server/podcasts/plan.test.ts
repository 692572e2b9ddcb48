// The plan (§4): a 30-day Pro trial from the podcast's creation, counted in Berlin calendar
// days, then Basic; lifetime access makes every podcast active.
import { beforeAll, describe, expect, it } from 'vitest';
import type { Podcast } from '../../../src/shared/podcasts.ts';
import { json } from '../helpers/agent.ts';
import { PASSWORD, verifiedUser } from '../helpers/accounts.ts';
import { createTestApp } from '../helpers/test-app.ts';
import { addCategories, addMember, createPodcast } from './podcast-helpers.ts';

const t = await createTestApp();
beforeAll(() => addCategories(t));

type Plan = Pick<Podcast, 'trial' | 'active' | 'only_trial'>;
type User = Awaited<ReturnType<typeof verifiedUser>>;

/** The plan as the user sees it now; signs in afresh, since sessions end after 30 days. */
async function plan(user: User, id: number): Promise<Plan> {
  const agent = t.agent();
  await agent.csrf();
  const login = await agent.post('/api/account/session', { email: user.email, password: PASSWORD });
  if (login.statusCode !== 200) throw new Error(`login failed: ${login.body}`);
  const { trial, active, only_trial } = json<{ data: Podcast }>(await agent.get(`/api/podcasts/${id}`)).data;
  return { trial, active, only_trial };
}

describe('trial', () => {
  it('counts calendar days in Berlin: day 0, 29, 30, 31', async () => {
    // Future dates: the test agent drops cookies that expire before the real now.
    // Created late in the evening in Berlin (22:30 UTC = 23:30 CET): still day 0 of the trial.
    t.clock.set('2027-01-10T22:30:00Z');
    const owner = await verifiedUser(t);
    const podcast = await createPodcast(owner.agent);
    expect(await plan(owner, podcast.id)).toEqual({
      trial: { trial_days: 30, days_passed: 0, days_left: 30 },
      active: true,
      only_trial: true,
    });
    // Half an hour later it is the next day in Berlin.
    t.clock.set('2027-01-10T23:05:00Z');
    expect((await plan(owner, podcast.id)).trial).toEqual({ trial_days: 30, days_passed: 1, days_left: 29 });
    t.clock.set('2027-02-08T12:00:00Z'); // day 29
    expect(await plan(owner, podcast.id)).toEqual({
      trial: { trial_days: 30, days_passed: 29, days_left: 1 },
      active: true,
      only_trial: true,
    });
    t.clock.set('2027-02-09T12:00:00Z'); // day 30: Basic
    expect(await plan(owner, podcast.id)).toEqual({
      trial: { trial_days: 30, days_passed: 30, days_left: 0 },
      active: false,
      only_trial: false,
    });
    t.clock.set('2027-02-10T12:00:00Z'); // day 31
    expect(await plan(owner, podcast.id)).toEqual({
      trial: { trial_days: 30, days_passed: 30, days_left: 0 },
      active: false,
      only_trial: false,
    });
  });

  it('crosses the switch to summer time without losing a day', async () => {
    t.clock.set('2027-03-20T10:00:00Z');
    const owner = await verifiedUser(t);
    const podcast = await createPodcast(owner.agent);
    t.clock.set('2027-04-03T21:59:00Z'); // 23:59 CEST on 3 April: 14 days later
    expect((await plan(owner, podcast.id)).trial.days_passed).toBe(14);
  });
});

describe('lifetime access', () => {
  it('makes the owner’s podcasts active for the whole team, without a trial banner', async () => {
    t.clock.set('2027-05-01T10:00:00Z');
    const owner = await verifiedUser(t);
    const editor = await verifiedUser(t);
    const podcast = await createPodcast(owner.agent);
    await addMember(t, podcast.id, editor.id, 'editor');
    await t.db.updateTable('users').set({ granted: 1 }).where('id', '=', owner.id).execute();
    expect(await plan(owner, podcast.id)).toMatchObject({ active: true, only_trial: false });
    t.clock.set('2028-05-01T10:00:00Z');
    for (const user of [owner, editor]) {
      expect(await plan(user, podcast.id)).toEqual({
        trial: { trial_days: 30, days_passed: 30, days_left: 0 },
        active: true,
        only_trial: false,
      });
    }
  });

  it('lets a user with lifetime access see every podcast active', async () => {
    t.clock.set('2027-06-01T10:00:00Z');
    const owner = await verifiedUser(t);
    const supporter = await verifiedUser(t);
    const podcast = await createPodcast(owner.agent);
    await addMember(t, podcast.id, supporter.id, 'observer');
    await t.db.updateTable('users').set({ granted: 1 }).where('id', '=', supporter.id).execute();
    t.clock.set('2027-08-01T10:00:00Z');
    expect((await plan(owner, podcast.id)).active).toBe(false);
    expect((await plan(supporter, podcast.id)).active).toBe(true);
  });
});
