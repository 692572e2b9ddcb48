// A test app configured against the local fake provider, and the steps of the OAuth round trip.
import { afterAll } from 'vitest';
import type { Podcast } from '../../../src/shared/podcasts.ts';
import { parseSteadyConfig } from '../../../src/server/config.ts';
import { startFakeSteady } from '../../support/fake-steady.ts';
import { json, type Agent } from '../helpers/agent.ts';
import { PASSWORD, verifiedUser } from '../helpers/accounts.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';

export const APP_URL = 'http://studio.test';
export const REDIRECT_URI = `${APP_URL}/app/authorized`;

export async function billingApp(options: { secret?: string } = {}) {
  const fake = await startFakeSteady({ redirectUri: REDIRECT_URI });
  afterAll(() => fake.close());
  const t = await createTestApp({
    config: { appUrl: APP_URL, steady: parseSteadyConfig(fake.env(options.secret)) },
  });
  return { t, fake };
}

export type User = Awaited<ReturnType<typeof verifiedUser>>;

/** Signs in afresh (sessions end after 30 days, and the tests move the clock by more). */
export async function login(t: TestApp, user: { email: string }): Promise<Agent> {
  const agent = t.agent();
  await agent.csrf();
  const response = await agent.post('/api/account/session', { email: user.email, password: PASSWORD });
  if (response.statusCode !== 200) throw new Error(`login failed: ${response.body}`);
  return agent;
}

export async function podcastOf(agent: Agent, id: number) {
  return json<{ data: Podcast }>(await agent.get(`/api/podcasts/${id}`)).data;
}

/** Pricing action → consent at the fake → the authorized page's hand-over; returns the hand-over answer. */
export async function connect(
  t: TestApp,
  fake: Awaited<ReturnType<typeof startFakeSteady>>,
  agent: Agent,
  email: string,
  podcastId?: number,
) {
  const authorize = await agent.get(
    `/api/account/steady:authorize${podcastId ? `?podcast_id=${podcastId}` : ''}`,
  );
  if (authorize.statusCode !== 200) throw new Error(`authorize failed: ${authorize.body}`);
  const back = await fake.consent(json<{ url: string }>(authorize).url, email);
  return agent.post('/api/account/steady', {
    code: back.searchParams.get('code'),
    state: back.searchParams.get('state'),
  });
}
