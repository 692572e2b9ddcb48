// Shortcuts for the OP3 source suites: an app that calls the local OP3 fake, a show of daily
// counts up to yesterday, and a podcast (with a feed URL) owned by a verified user.
import { loadConfig } from '../../../src/server/config.ts';
import { addDays } from '../../../src/shared/calendar.ts';
import type { AudienceSource } from '../../../src/shared/audience.ts';
import { verifiedUser } from '../helpers/accounts.ts';
import { json, type Agent } from '../helpers/agent.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';
import { addCategories, createPodcast } from '../podcasts/podcast-helpers.ts';
import { startFakeOp3, type FakeOp3 } from '../../support/fake-op3.ts';
import { downloadsOn } from '../../support/fake-op3-data.ts';

export const op3Config = (fake: FakeOp3) => ({
  ...loadConfig({}).op3,
  apiUrl: fake.url,
  allowedHosts: [fake.host],
  onlyAllowedHosts: true,
});

export async function op3App(
  options: { pageSize?: number; ignoreEpisodeLimit?: boolean; logger?: { write(line: string): void } } = {},
) {
  const fake = await startFakeOp3({
    pageSize: options.pageSize,
    ignoreEpisodeLimit: options.ignoreEpisodeLimit,
  });
  const t = await createTestApp({
    config: { op3: op3Config(fake), ...(options.logger && { logLevel: 'trace' }) },
    logger: options.logger,
  });
  await addCategories(t);
  return { t, fake };
}

/** Yesterday's UTC day on the app's clock, and `n` days before it. */
export const yesterday = (t: TestApp, n = 0) => addDays(t.clock.now().toISOString().slice(0, 10), -1 - n);

/** `days` days up to yesterday with 10 + 3 × (i mod 7) downloads each, by day. */
export function dailyCounts(t: TestApp, days = 30) {
  const counts: Record<string, number> = {};
  for (let i = 0; i < days; i++) counts[yesterday(t, i)] = 10 + 3 * (i % 7);
  return counts;
}

/** The show `showUuid` of `feedUrl` at the fake with these daily counts (2 bots a day besides). */
export function setShow(fake: FakeOp3, showUuid: string, feedUrl: string, counts: Record<string, number>) {
  const first = Object.keys(counts).sort()[0]!;
  fake.addShow({
    showUuid,
    title: `Show ${showUuid.slice(0, 4)}`,
    feedUrl,
    episodes: [
      {
        id: 'x',
        itemGuid: `${showUuid}-1`,
        title: 'Folge 1',
        pubdate: `${first}T06:00:00.000Z`,
        downloads1: 12,
        downloads3: 30,
        downloads7: 70,
        downloads30: 300,
        downloadsAll: 400,
      },
    ],
    downloads: Object.entries(counts).flatMap(([day, n]) => downloadsOn(day, n, 'x', 2)),
  });
  return counts;
}

/** A show of `days` days of dailyCounts up to yesterday; its counts. */
export const addShow = (t: TestApp, fake: FakeOp3, showUuid: string, feedUrl: string, days = 30) =>
  setShow(fake, showUuid, feedUrl, dailyCounts(t, days));

export async function podcastWithFeed(t: TestApp, feedUrl: string) {
  const owner = await verifiedUser(t);
  const podcast = await createPodcast(owner.agent, { rss_uri: feedUrl });
  return { owner, podcast };
}

export const sourcesOf = async (agent: Agent, podcastId: number) =>
  json<{ data: AudienceSource[] }>(await agent.get(`/api/podcasts/${podcastId}/audience-sources`)).data;

export async function storedDays(t: TestApp, sourceId: number) {
  const rows = await t.db
    .selectFrom('audience_days')
    .select(['day', 'downloads'])
    .where('source_id', '=', sourceId)
    .orderBy('day')
    .execute();
  return Object.fromEntries(rows.map((r) => [r.day, r.downloads]));
}
