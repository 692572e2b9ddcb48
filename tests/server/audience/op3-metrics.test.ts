// After an OP3 backfill (the local fake) the podcast's 'Reichweite' comes from OP3, marked as
// such; removing the source takes those values with it, and a typed value stays.
import { describe, expect, it } from 'vitest';
import { FAKE_OP3_TOKEN } from '../../support/fake-op3.ts';
import { addShow, op3App, podcastWithFeed, sourcesOf } from './op3-helpers.ts';

const { t, fake } = await op3App({ pageSize: 1000 });

describe('metrics from OP3', () => {
  it('writes Reichweite from the fetched downloads and removes it with the source', async () => {
    const feed = 'https://feeds.example.org/reichweite.xml';
    addShow(t, fake, 'd'.repeat(32), feed, 40);
    const { owner, podcast } = await podcastWithFeed(t, feed);
    const base = `/api/podcasts/${podcast.id}`;
    const typed = await owner.agent.post(`${base}/metrics`, { coverage: 12 });
    expect(typed.statusCode, typed.body).toBe(201);
    const connected = await owner.agent.post(`${base}/audience-sources`, {
      type: 'op3',
      token: FAKE_OP3_TOKEN,
    });
    expect(connected.statusCode, connected.body).toBe(201);
    await t.jobs.audience.idle();
    const coverage = async () => {
      const metrics = (await owner.agent.get(`${base}/metrics`)).json().data as {
        key: string;
        values: { value: number; source: string | null }[];
      }[];
      return metrics.find((m) => m.key === 'coverage')!.values;
    };
    const fromOp3 = (await coverage()).filter((v) => v.source === 'op3');
    expect(fromOp3.length).toBeGreaterThanOrEqual(2);
    expect(fromOp3.every((v) => v.value > 0)).toBe(true);
    const [source] = await sourcesOf(owner.agent, podcast.id);
    expect((await owner.agent.delete(`${base}/audience-sources/${source!.id}`)).statusCode).toBe(204);
    expect((await coverage()).map((v) => [v.value, v.source])).toEqual([[12, null]]);
  });
});
