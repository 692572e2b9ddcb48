// Per-episode counts: Podlove's real episode table read at its ages, matched to the feed's episodes
// (guid, else title, else day; an unmatched row listed), stored as the upload source and shown by
// GET …/audience-episodes at equal age beside the feed's episodes without a figure; OP3's episode
// counts land in the same place and win; all of it goes with the podcast.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { storeEpisodeCounts } from '../../../src/server/audience/episode-counts.ts';
import { ageOf, readEpisodeTable } from '../../../src/server/audience/episode-table.ts';
import { parseUpload } from '../../../src/server/audience/upload-parser.ts';
import type { AudienceEpisodes } from '../../../src/shared/audience-episodes.ts';
import { addDays } from '../../../src/shared/calendar.ts';
import { FAKE_OP3_TOKEN } from '../../support/fake-op3.ts';
import { downloadsOn } from '../../support/fake-op3-data.ts';
import { PASSWORD } from '../helpers/accounts.ts';
import { audienceSource } from '../helpers/audience-source.ts';
import type { TestApp } from '../helpers/test-app.ts';
import { addShow, op3App, podcastWithFeed } from './op3-helpers.ts';

const podlove = readFileSync('/work/shared/fixtures/exports/podlove-episode-downloads.csv', 'utf8');
const table = () => readEpisodeTable(parseUpload(podlove)!)!;

const { t, fake } = await op3App({ pageSize: 1000 });

async function feedEpisodes(app: TestApp, podcastId: number, rows: [string, string, string][]) {
  await app.db
    .insertInto('episodes')
    .values(rows.map(([guid, title, published_at]) => ({ podcast_id: podcastId, guid, title, published_at })))
    .execute();
}

describe('reading an episode table', () => {
  it('reads the ages a column name gives', () => {
    expect(
      [
        '1d',
        '1w',
        '4w',
        '1q',
        '1y',
        'downloads',
        '7 Days',
        'All Time',
        'FIRST 24 HOURS',
        'hours_since_release',
      ].map(ageOf),
    ).toEqual([1, 7, 28, 91, 365, 0, 7, 0, 1, null]);
  });

  it("reads Podlove's real table: a row per episode, its total and its downloads by age", () => {
    const { rows, skipped } = table();
    expect(skipped).toEqual([]);
    expect(rows).toHaveLength(11);
    const newest = rows[0]!;
    expect(newest).toMatchObject({
      line: 2,
      title: 'MyPodcast Episode 10',
      published_on: '2019-10-20',
      guid: null,
    });
    expect(Object.fromEntries(newest.counts)).toEqual({
      0: 238,
      1: 139,
      2: 172,
      3: 169,
      4: 180,
      5: 182,
      6: 184,
      7: 187,
      14: 206,
      21: 229,
    });
    // The file's totals stay the file's totals.
    const sum = podlove
      .trim()
      .split(/\r?\n/)
      .slice(1)
      .reduce((s, line) => s + Number(line.split(',')[7]), 0);
    expect(rows.reduce((s, r) => s + r.counts.get(0)!, 0)).toBe(sum);
  });
});

describe('per-episode counts stored per episode', () => {
  it('matches by guid, title, then day, lists the unmatched row, and shows them at equal age', async () => {
    const { owner, podcast } = await podcastWithFeed(t, 'https://feeds.example.org/folgen.xml');
    // Episode 10 by title only (retyped, a day later in the feed), 9 by its day only, 8 not in the feed, the rest by title.
    await feedEpisodes(t, podcast.id, [
      ['g10', 'MyPodcast – Episode 10!', '2019-10-21T19:00:00.000Z'],
      ['g9', 'Ein anderer Titel', '2019-10-13T05:00:00.000Z'],
      ['g-new', 'Noch ohne Zahlen', '2026-12-01T06:00:00.000Z'],
      ...table()
        .rows.slice(3)
        .map((r, i): [string, string, string] => [`g${7 - i}`, r.title!, `${r.published_on}T05:00:00.000Z`]),
    ]);
    const sourceId = await audienceSource(t, podcast.id, 'upload', '2026-12-01');
    const stored = await storeEpisodeCounts(t.db, { podcastId: podcast.id, sourceId }, table().rows);
    expect(stored).toMatchObject({ inserted: 10, updated: 0, unchanged: 0 });
    expect(stored.unmatched).toEqual([
      { line: 4, message: expect.stringContaining('„MyPodcast Episode 8“') },
    ]);
    const again = await storeEpisodeCounts(t.db, { podcastId: podcast.id, sourceId }, table().rows);
    expect(again).toMatchObject({ inserted: 0, updated: 0, unchanged: 10 });

    const answer = await owner.agent.get(`/api/podcasts/${podcast.id}/audience-episodes`);
    expect(answer.statusCode, answer.body).toBe(200);
    const { episodes, unmatched } = answer.json().data as AudienceEpisodes;
    expect(unmatched).toEqual([]);
    expect(episodes[0]).toMatchObject({
      guid: 'g-new',
      source: null,
      downloads_7: null,
      downloads_all: null,
    });
    expect(episodes.find((e) => e.guid === 'g10')).toMatchObject({
      title: 'MyPodcast – Episode 10!',
      source: 'upload',
      downloads_1: 139,
      downloads_7: 187,
      downloads_30: null,
      downloads_all: 238,
      ages: { '2': 172, '14': 206, '21': 229 },
    });
    expect(episodes.find((e) => e.guid === 'g9')).toMatchObject({ downloads_1: 131, downloads_all: 306 });
  });

  it("takes OP3's episode counts into the same place, before an upload's, and leaves with the podcast", async () => {
    const feed = 'https://feeds.example.org/op3-folgen.xml';
    const show = 'e'.repeat(32);
    addShow(t, fake, show, feed, 40);
    const { owner, podcast } = await podcastWithFeed(t, feed);
    const day = t.clock.now().toISOString().slice(0, 10);
    // The fake's episode has the guid `${show}-1`; 'Folge 2' is counted by no source.
    await feedEpisodes(t, podcast.id, [
      [`${show}-1`, 'Folge 1', '2026-01-05T06:00:00.000Z'],
      ['zwei', 'Folge 2', `${day}T06:00:00.000Z`],
    ]);
    const sourceId = await audienceSource(t, podcast.id, 'upload', '2026-12-01');
    await storeEpisodeCounts(t.db, { podcastId: podcast.id, sourceId }, [
      { line: 2, guid: null, title: 'Folge 1', published_on: null, counts: new Map([[7, 5]]) },
      {
        line: 3,
        guid: null,
        title: 'Folge 2',
        published_on: null,
        counts: new Map([
          [7, 9],
          [0, 9],
        ]),
      },
    ]);
    const base = `/api/podcasts/${podcast.id}`;
    const connected = await owner.agent.post(`${base}/audience-sources`, {
      type: 'op3',
      token: FAKE_OP3_TOKEN,
    });
    expect(connected.statusCode, connected.body).toBe(201);
    await t.jobs.audience.idle();
    const { episodes } = (await owner.agent.get(`${base}/audience-episodes`)).json().data as AudienceEpisodes;
    expect(episodes.find((e) => e.guid === `${show}-1`)).toMatchObject({
      source: 'op3',
      downloads_1: 12,
      downloads_7: 70,
      downloads_30: 300,
      downloads_all: 400,
    });
    // Published today: no age is complete yet, only its total counts.
    expect(episodes.find((e) => e.guid === 'zwei')).toMatchObject({
      source: 'upload',
      downloads_7: null,
      downloads_all: 9,
    });

    const rows = () =>
      t.db.selectFrom('audience_episodes').select('item_guid').where('podcast_id', '=', podcast.id).execute();
    expect(await rows()).toHaveLength(3);
    expect((await owner.agent.delete(base, { password: PASSWORD })).statusCode).toBe(204);
    expect(await rows()).toEqual([]);
  });
});

describe("OP3's episode counts, bounded", () => {
  it('stores the newest 400 episodes when OP3 sends more than it was asked for', async () => {
    const { t: app, fake: loose } = await op3App({ pageSize: 1000, ignoreEpisodeLimit: true });
    const feed = 'https://feeds.example.org/viele-folgen.xml';
    const show = 'f'.repeat(32);
    const day = (i: number) => addDays('2025-01-01', i);
    loose.addShow({
      showUuid: show,
      title: 'Viele Folgen',
      feedUrl: feed,
      episodes: Array.from({ length: 450 }, (_, i) => ({
        id: `e${i}`,
        itemGuid: `ep-${i}`,
        title: `Folge ${i}`,
        pubdate: `${day(i)}T06:00:00.000Z`,
        downloads1: 1,
        downloads3: 2,
        downloads7: 3,
        downloads30: 4,
        downloadsAll: 5,
      })),
      downloads: downloadsOn(addDays(app.clock.now().toISOString().slice(0, 10), -2), 3, 'e449'),
    });
    const { owner, podcast } = await podcastWithFeed(app, feed);
    const connected = await owner.agent.post(`/api/podcasts/${podcast.id}/audience-sources`, {
      type: 'op3',
      token: FAKE_OP3_TOKEN,
    });
    expect(connected.statusCode, connected.body).toBe(201);
    await app.jobs.audience.idle();
    const rows = await app.db
      .selectFrom('audience_episodes')
      .select('item_guid')
      .where('podcast_id', '=', podcast.id)
      .execute();
    expect(rows).toHaveLength(400);
    expect(rows.map((r) => r.item_guid)).not.toContain('ep-49');
    expect(rows.map((r) => r.item_guid)).toContain('ep-50');
  });
});
