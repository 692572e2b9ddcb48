// The throttle's count holds no lock past its own statement. While a keyed OP3
// connect waits for OP3, the same user's next connect (another podcast) counts against the same
// throttle row: it must reach OP3 too, not wait for the first request's answer and give up after
// the lock timeout (503, „lock timeout"). OP3's answers are held until the test lets them go.
import { describe, expect, it } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import { FAKE_OP3_TOKEN } from '../../support/fake-op3.ts';
import type { Agent } from '../helpers/agent.ts';
import { until } from '../faults/fault-helpers.ts';
import { createPodcast } from '../podcasts/podcast-helpers.ts';
import { addShow, op3App, podcastWithFeed } from './op3-helpers.ts';

const { t, fake } = await op3App();
const connect = (agent: Agent, podcastId: number, key: string) =>
  agent.post(
    `/api/podcasts/${podcastId}/audience-sources`,
    { type: 'op3', token: FAKE_OP3_TOKEN },
    { 'idempotency-key': key },
  );

describe('a keyed OP3 connect waiting for OP3', () => {
  it("leaves the throttle's row free: the same user's next connect reaches OP3 at once", async () => {
    addShow(t, fake, 'a'.repeat(32), 'https://feeds.example.org/eins.xml');
    addShow(t, fake, 'b'.repeat(32), 'https://feeds.example.org/zwei.xml');
    const { owner, podcast } = await podcastWithFeed(t, 'https://feeds.example.org/eins.xml');
    const other = await createPodcast(owner.agent, { rss_uri: 'https://feeds.example.org/zwei.xml' });

    const gate = fake.hold();
    const first = connect(owner.agent, podcast.id, 'op3-verbinden-eins-0000');
    await until(async () => gate.held() >= 1);
    let answered: LightMyRequestResponse | undefined;
    const second = connect(owner.agent, other.id, 'op3-verbinden-zwei-0000').then((r) => (answered = r));
    await until(async () => gate.held() >= 2 || answered !== undefined);
    expect(answered?.body).toBeUndefined();
    expect(gate.held()).toBe(2);

    gate.release();
    expect((await first).statusCode).toBe(201);
    expect((await second).statusCode).toBe(201);
  });
});
