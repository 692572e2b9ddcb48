// The OAuth round trip against the local fake provider: pricing action → consent → the authorized
// hand-over (state bound to the session, the code used once, the secret checked), tokens kept on
// the server and refreshed after expiry (redeeming a subscription: steady-contracts.test.ts).
import { beforeAll, describe, expect, it } from 'vitest';
import type { OfferingsResponse } from '../../../src/shared/billing.ts';
import { json } from '../helpers/agent.ts';
import { verifiedUser } from '../helpers/accounts.ts';
import { addCategories, createPodcast } from '../podcasts/podcast-helpers.ts';
import { billingApp, connect, login } from './billing-helpers.ts';

const { t, fake } = await billingApp();
beforeAll(() => addCategories(t));

const DAY = 86_400_000;

describe('OAuth round trip', () => {
  it('exchanges the code on the server, keeps the tokens there and records steady_user_email', async () => {
    t.clock.set('2027-03-01T10:00:00Z');
    const user = await verifiedUser(t);
    const podcast = await createPodcast(user.agent);
    fake.setSubscription(user.email, 'active');

    const authorize = await user.agent.get(`/api/account/steady:authorize?podcast_id=${podcast.id}`);
    const url = new URL(json<{ url: string }>(authorize).url);
    expect(url.origin + url.pathname).toBe(`${fake.url}/oauth/authorize`);
    expect(Object.fromEntries(url.searchParams)).toMatchObject({
      response_type: 'code',
      client_id: fake.clientId,
      redirect_uri: 'http://studio.test/app/authorized',
      scope: 'read',
    });

    const response = await connect(t, fake, user.agent, user.email, podcast.id);
    expect(response.statusCode).toBe(200);
    const body = json<{
      podcast_id: number;
      subscription: { state: string; current: boolean; email: string };
    }>(response);
    expect(body.podcast_id).toBe(podcast.id);
    expect(body.subscription).toMatchObject({ state: 'active', current: true, email: user.email });

    const row = await t.db
      .selectFrom('steady_accounts')
      .selectAll()
      .where('user_id', '=', user.id)
      .executeTakeFirstOrThrow();
    expect(row.access_token).toBeTruthy();
    expect(row.refresh_token).toBeTruthy();
    // Never in an answer to the browser.
    const offerings = await user.agent.get('/api/account/offerings');
    for (const text of [response.body, offerings.body]) {
      expect(text).not.toContain(row.access_token!);
      expect(text).not.toContain(row.refresh_token!);
    }
    const account = json<{ data: { steady_user_email: string | null } }>(
      await user.agent.get('/api/account'),
    );
    const stored = await t.db
      .selectFrom('users')
      .select('steady_user_email')
      .where('id', '=', user.id)
      .executeTakeFirstOrThrow();
    expect(stored.steady_user_email).toBe(user.email);
    expect(account.data).toBeTruthy();
  });

  it('refuses a state from another session or a tampered one', async () => {
    const user = await verifiedUser(t);
    const other = await verifiedUser(t);
    const authorize = await other.agent.get('/api/account/steady:authorize');
    const back = await fake.consent(json<{ url: string }>(authorize).url, user.email);
    const state = back.searchParams.get('state')!;
    const code = back.searchParams.get('code')!;
    const stolen = await user.agent.post('/api/account/steady', { code, state });
    expect(stolen.statusCode).toBe(403);
    expect(json(stolen).message).toBe(
      'Die Anmeldung bei Steady gehört nicht zu deiner Sitzung. Bitte starte sie noch einmal.',
    );
    const tampered = await other.agent.post('/api/account/steady', {
      code,
      state: state.replace(/^0\./, '1.'),
    });
    expect(tampered.statusCode).toBe(403);
    expect(
      await t.db
        .selectFrom('steady_accounts')
        .selectAll()
        .where('user_id', 'in', [user.id, other.id])
        .execute(),
    ).toEqual([]);
  });

  it('a code works once, and not after it expired', async () => {
    const user = await verifiedUser(t);
    const authorize = await user.agent.get('/api/account/steady:authorize');
    const back = await fake.consent(json<{ url: string }>(authorize).url, user.email);
    const handover = { code: back.searchParams.get('code'), state: back.searchParams.get('state') };
    expect((await user.agent.post('/api/account/steady', handover)).statusCode).toBe(200);
    const replay = await user.agent.post('/api/account/steady', handover);
    expect(replay.statusCode).toBe(422);
    expect(json(replay).message).toBe(
      'Steady hat die Anmeldung nicht bestätigt. Bitte starte sie noch einmal.',
    );

    const again = await user.agent.get('/api/account/steady:authorize');
    const late = await fake.consent(json<{ url: string }>(again).url, user.email);
    fake.advance(2 * 60_000);
    const expired = await user.agent.post('/api/account/steady', {
      code: late.searchParams.get('code'),
      state: late.searchParams.get('state'),
    });
    expect(expired.statusCode).toBe(422);
  });

  it('the provider refuses a wrong redirect URI at the authorize page', async () => {
    const user = await verifiedUser(t);
    const authorize = new URL(
      json<{ url: string }>(await user.agent.get('/api/account/steady:authorize')).url,
    );
    authorize.searchParams.set('redirect_uri', 'http://evil.test/app/authorized');
    expect((await fetch(authorize)).status).toBe(400);
  });

  it('refreshes the access token after it expired, and keeps reading the subscription', async () => {
    t.clock.set('2027-04-01T10:00:00Z');
    const user = await verifiedUser(t);
    fake.setSubscription(user.email, 'active');
    expect((await connect(t, fake, user.agent, user.email)).statusCode).toBe(200);
    const before = await t.db
      .selectFrom('steady_accounts')
      .selectAll()
      .where('user_id', '=', user.id)
      .executeTakeFirstOrThrow();

    // Eight days later the week-long token has expired, at the provider too.
    t.clock.advance(8 * DAY);
    fake.advance(8 * DAY);
    const agent = await login(t, user);
    const { meta } = json<OfferingsResponse>(await agent.get('/api/account/offerings'));
    expect(meta.subscription).toMatchObject({ state: 'active', current: true });
    const after = await t.db
      .selectFrom('steady_accounts')
      .selectAll()
      .where('user_id', '=', user.id)
      .executeTakeFirstOrThrow();
    expect(after.access_token).not.toBe(before.access_token);
    expect(after.refresh_token).not.toBe(before.refresh_token);
    fake.advance(-8 * DAY);
  });
});

describe('a wrong client secret', () => {
  it('is refused by the provider: nothing is connected', async () => {
    const wrong = await billingApp({ secret: 'not-the-secret' });
    const user = await verifiedUser(wrong.t);
    const response = await connect(wrong.t, wrong.fake, user.agent, user.email);
    expect(response.statusCode).toBe(422);
    expect(await wrong.t.db.selectFrom('steady_accounts').selectAll().execute()).toEqual([]);
  });
});
