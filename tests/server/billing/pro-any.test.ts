// §9 pro_any ('Beliebig viele Podcasts'): a current pro_any subscription makes every podcast its
// subscriber owns Pro, without redeeming a contract per podcast; a pro_one subscription does not,
// nor does pro_any reach podcasts the subscriber only works on; it ends with the subscription.
import { beforeAll, describe, expect, it } from 'vitest';
import { offerings } from '../../../src/shared/offerings.ts';
import { verifiedUser } from '../helpers/accounts.ts';
import { addCategories, addMember, createPodcast } from '../podcasts/podcast-helpers.ts';
import { billingApp, connect, login, podcastOf } from './billing-helpers.ts';

const { t, fake } = await billingApp();
beforeAll(() => addCategories(t));

const DAY = 86_400_000;

describe('pro_any', () => {
  it("covers every podcast its subscriber owns, not others' podcasts, and ends with it", async () => {
    t.clock.set('2027-08-01T10:00:00Z');
    const owner = await verifiedUser(t);
    const first = await createPodcast(owner.agent);
    const second = await createPodcast(owner.agent, { title: 'Zweiter Podcast' });
    const stranger = await verifiedUser(t);
    const theirs = await createPodcast(stranger.agent, { title: 'Fremder Podcast' });
    await addMember(t, theirs.id, owner.id, 'manager');
    t.clock.advance(31 * DAY); // the trials are over

    // pro_one: connected, but no podcast is Pro until its contract is redeemed.
    fake.setSubscription(owner.email, 'active', { planName: offerings.pro_one.name });
    const agent = await login(t, owner);
    expect((await connect(t, fake, agent, owner.email)).statusCode).toBe(200);
    expect((await podcastOf(agent, first.id)).active).toBe(false);

    // pro_any: both own podcasts at once, the coworked one not.
    fake.setSubscription(owner.email, 'active', { planName: offerings.pro_any.name });
    expect((await connect(t, fake, agent, owner.email)).statusCode).toBe(200);
    for (const id of [first.id, second.id]) {
      expect(await podcastOf(agent, id), `podcast ${id}`).toMatchObject({ active: true, only_trial: false });
    }
    expect((await podcastOf(agent, theirs.id)).active).toBe(false);
    // The server's guard follows the plan: a Pro route answers.
    expect((await agent.get(`/api/podcasts/${second.id}/assistances`)).statusCode).toBe(200);

    // Over: cancelled and expired, Basic again.
    fake.setSubscription(owner.email, 'none', { planName: offerings.pro_any.name });
    expect((await connect(t, fake, agent, owner.email)).statusCode).toBe(200);
    expect((await podcastOf(agent, second.id)).active).toBe(false);
    expect((await agent.get(`/api/podcasts/${second.id}/assistances`)).statusCode).toBe(403);
  });
});
