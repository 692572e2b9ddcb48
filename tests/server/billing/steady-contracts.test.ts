// Redeeming a Steady subscription for one podcast at a time, a manager's own unlocking the owner's
// podcast, releasing it, the refusals, and the job that lets cancelled or expired ones fall back.
import { beforeAll, describe, expect, it } from 'vitest';
import type { OfferingsResponse } from '../../../src/shared/billing.ts';
import { json } from '../helpers/agent.ts';
import { verifiedUser } from '../helpers/accounts.ts';
import { addCategories, addMember, createPodcast } from '../podcasts/podcast-helpers.ts';
import { billingApp, connect, login, podcastOf } from './billing-helpers.ts';

const { t, fake } = await billingApp();
beforeAll(() => addCategories(t));

const DAY = 86_400_000;

describe('contracts', () => {
  /** A podcast whose trial is over (Basic) and its owner, connected with a subscription. */
  async function basicPodcastWithSubscriber(start: string) {
    t.clock.set(start);
    const owner = await verifiedUser(t);
    const podcast = await createPodcast(owner.agent);
    const second = await createPodcast(owner.agent, { title: 'Zweiter Podcast' });
    fake.setSubscription(owner.email, 'active');
    t.clock.advance(31 * DAY);
    fake.setSubscription(owner.email, 'active');
    const agent = await login(t, owner);
    expect((await connect(t, fake, agent, owner.email, podcast.id)).statusCode).toBe(200);
    return { owner, agent, podcast, second };
  }

  // The re-check calls Steady between its writes (refresh the token, store it, read the
  // subscription). With an Idempotency-Key on PostgreSQL those writes would begin the request's
  // transaction and the next call would be refused (db/transaction-scope.ts): it runs outside it.
  it('redeems with an Idempotency-Key when the access token has expired: refreshed, then redeemed', async () => {
    const { owner, agent, podcast } = await basicPodcastWithSubscriber('2027-09-01T10:00:00Z');
    const expired = '2000-01-01T00:00:00.000Z';
    const account = () =>
      t.db
        .selectFrom('steady_accounts')
        .selectAll()
        .where('user_id', '=', owner.id)
        .executeTakeFirstOrThrow();
    const before = await account();
    await t.db
      .updateTable('steady_accounts')
      .set({ token_expires_at: expired })
      .where('user_id', '=', owner.id)
      .execute();
    const redeemed = await agent.post(`/api/podcasts/${podcast.id}/contract`, undefined, {
      'idempotency-key': 'einloesen-token-abgelaufen',
    });
    expect(redeemed.statusCode, redeemed.body).toBe(200);
    const after = await account();
    expect(after.token_expires_at! > expired).toBe(true);
    expect(after.access_token).not.toBe(before.access_token);
    expect(await podcastOf(agent, podcast.id)).toMatchObject({ active: true });
    expect((await agent.delete(`/api/podcasts/${podcast.id}/contract`)).statusCode).toBe(200);
  });

  it('redeems the subscription for one podcast at a time, 409 elsewhere, and releases it', async () => {
    const { owner, agent, podcast, second } = await basicPodcastWithSubscriber('2027-05-01T10:00:00Z');
    expect((await podcastOf(agent, podcast.id)).active).toBe(false);

    const redeemed = await agent.post(`/api/podcasts/${podcast.id}/contract`);
    expect(redeemed.statusCode).toBe(200);
    const proOne = json<OfferingsResponse>(redeemed).data.find((o) => o.tier === 'pro_one')!;
    expect(proOne).toMatchObject({
      subscribed: true,
      associated: true,
      contractor: true,
      contractorEmail: owner.email,
    });
    expect(await podcastOf(agent, podcast.id)).toMatchObject({ active: true, only_trial: false });
    // Everything Pro follows the contract, the tips of the account too (one plan for all of them).
    // The tips run after the answer (debounced): the sweep runs what is pending.
    await t.jobs.tipSweep.runOnce();
    const tips = json<{ data: { podcast_id: number }[] }>(await agent.get('/api/account/assistances')).data;
    expect(tips.some((a) => a.podcast_id === podcast.id)).toBe(true);

    const elsewhere = await agent.post(`/api/podcasts/${second.id}/contract`);
    expect(elsewhere.statusCode).toBe(409);
    expect(json(elsewhere).message).toBe(
      'Dein Abo schaltet bereits einen anderen Podcast frei. Löse dort zuerst den Vertrag ab.',
    );
    expect((await podcastOf(agent, second.id)).active).toBe(false);

    // A coworker sees whose contract unlocks the podcast ('unlocked by {email}').
    const coworker = await verifiedUser(t);
    await addMember(t, podcast.id, coworker.id, 'manager');
    const seen = json<OfferingsResponse>(await coworker.agent.get(`/api/podcasts/${podcast.id}/offerings`));
    expect(seen.data.find((o) => o.tier === 'pro_one')).toMatchObject({
      associated: true,
      contractor: false,
      contractorEmail: owner.email,
    });
    // … but may not release someone else's contract.
    expect((await coworker.agent.delete(`/api/podcasts/${podcast.id}/contract`)).statusCode).toBe(403);

    const released = await agent.delete(`/api/podcasts/${podcast.id}/contract`);
    expect(released.statusCode).toBe(200);
    expect((await podcastOf(agent, podcast.id)).active).toBe(false);
    expect((await agent.delete(`/api/podcasts/${podcast.id}/contract`)).statusCode).toBe(404);

    expect((await agent.post(`/api/podcasts/${second.id}/contract`)).statusCode).toBe(200);
    expect((await podcastOf(agent, second.id)).active).toBe(true);
    const account = json<OfferingsResponse>(await agent.get('/api/account/offerings'));
    expect(account.meta.subscription?.podcast).toEqual({ id: second.id, title: 'Zweiter Podcast' });
  });

  it("a manager's own subscription unlocks the owner's podcast: 'unlocked by', and the owner may release it", async () => {
    const { owner, podcast } = await basicPodcastWithSubscriber('2027-08-01T10:00:00Z');
    const manager = await verifiedUser(t);
    await addMember(t, podcast.id, manager.id, 'manager');
    fake.setSubscription(manager.email, 'in_trial');
    const m = await login(t, manager);
    expect((await connect(t, fake, m, manager.email, podcast.id)).statusCode).toBe(200);
    expect((await m.post(`/api/podcasts/${podcast.id}/contract`)).statusCode).toBe(200);

    const o = await login(t, owner);
    expect((await podcastOf(o, podcast.id)).active).toBe(true);
    const seen = json<OfferingsResponse>(await o.get(`/api/podcasts/${podcast.id}/offerings`));
    expect(seen.data.find((x) => x.associated)).toMatchObject({
      contractor: false,
      contractorEmail: manager.email,
    });
    // The owner's own subscription cannot push it out while it is current.
    expect((await o.post(`/api/podcasts/${podcast.id}/contract`)).statusCode).toBe(409);
    expect((await o.delete(`/api/podcasts/${podcast.id}/contract`)).statusCode).toBe(200);
    expect((await o.post(`/api/podcasts/${podcast.id}/contract`)).statusCode).toBe(200);
  });

  it('refuses without a subscription, to observers and to strangers', async () => {
    const { owner, agent, podcast } = await basicPodcastWithSubscriber('2027-06-01T10:00:00Z');
    const observer = await verifiedUser(t);
    await addMember(t, podcast.id, observer.id, 'observer');
    const o = await login(t, observer);
    expect((await o.post(`/api/podcasts/${podcast.id}/contract`)).statusCode).toBe(403);
    const stranger = await login(t, await verifiedUser(t));
    expect((await stranger.post(`/api/podcasts/${podcast.id}/contract`)).statusCode).toBe(404);

    fake.setSubscription(owner.email, 'none');
    const none = await agent.post(`/api/podcasts/${podcast.id}/contract`);
    expect(none.statusCode).toBe(422);
    expect(json(none).message).toBe('Du hast gerade kein laufendes Abo bei Steady.');

    const unconnected = await login(t, await verifiedUser(t));
    const mine = await createPodcast(unconnected);
    const notConnected = await unconnected.post(`/api/podcasts/${mine.id}/contract`);
    expect(notConnected.statusCode).toBe(422);
  });

  it('the job: not_renewing stays Pro until expires-at, then Basic; cancelled at once; data stays', async () => {
    const { owner, agent, podcast } = await basicPodcastWithSubscriber('2027-07-01T10:00:00Z');
    await agent.put(`/api/podcasts/${podcast.id}/strategy`, { subject: 'Geschichte für alle' });
    expect((await agent.post(`/api/podcasts/${podcast.id}/contract`)).statusCode).toBe(200);

    // It ends within the Berlin day: a kept answer of that day must not outlive it.
    const hour = 3600_000;
    const expiresAt = new Date(t.clock.now().getTime() + hour).toISOString();
    fake.setSubscription(owner.email, 'not_renewing', { expiresAt });
    expect(await t.jobs.subscriptions!.runOnce()).toBe(true);
    const session = await login(t, owner);
    expect((await session.post(`/api/account/context/${podcast.id}`)).statusCode).toBe(200);
    const selected = async () =>
      json<{ data: { active: boolean } }>(await session.get('/api/account/context')).data;
    expect((await podcastOf(session, podcast.id)).active).toBe(true);
    expect((await podcastOf(session, podcast.id)).active).toBe(true);
    expect((await selected()).active).toBe(true);
    expect((await selected()).active).toBe(true);

    t.clock.advance(2 * hour);
    // Past expires-at the plan is Basic at once, before the job has even run, also for a session
    // whose read of the podcast was kept (db/change-memo.ts), and in a kept answer of the selected
    // podcast (pipeline/answer-cache.ts) …
    expect((await podcastOf(session, podcast.id)).active).toBe(false);
    expect((await selected()).active).toBe(false);
    const later = await login(t, owner);
    expect((await podcastOf(later, podcast.id)).active).toBe(false);
    // … and the job releases the contract.
    await t.jobs.subscriptions!.runOnce();
    expect((await podcastOf(later, podcast.id)).active).toBe(false);
    expect(await t.db.selectFrom('contracts').selectAll().where('user_id', '=', owner.id).execute()).toEqual(
      [],
    );
    const strategy = json<{ data: { subject: string } }>(
      await later.get(`/api/podcasts/${podcast.id}/strategy`),
    );
    expect(strategy.data.subject).toBe('Geschichte für alle');

    // Subscribed again and redeemed; then cancelled for good (no subscription): Basic after the job.
    fake.setSubscription(owner.email, 'active');
    expect((await later.post(`/api/podcasts/${podcast.id}/contract`)).statusCode).toBe(200);
    fake.setSubscription(owner.email, 'none');
    await t.jobs.subscriptions!.runOnce();
    expect((await podcastOf(later, podcast.id)).active).toBe(false);
  });
});
