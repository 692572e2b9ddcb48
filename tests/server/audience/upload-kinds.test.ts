// What kind of table an upload is, decided before mapping and said in German in the preview: a
// series per day, a running total (imported as the differences from day to day), a series per
// week (refused for days), a table per episode (stored per episode, or recognised and not yet
// storable when it names no downloads), or nothing usable.
// The podcaster's correction is respected where the file allows it, else refused in German.
import { describe, expect, it } from 'vitest';
import { matchMessages } from '../../../src/server/audience/episode-match.ts';
import { kindMessages } from '../../../src/server/audience/upload-kinds.ts';
import { runningMessages } from '../../../src/server/audience/upload-running.ts';
import { uploadApp } from './upload-helpers.ts';

const { t, owner, podcastId, upload, commit, audience } = await uploadApp();
const RANGE = 'from=2026-01-01&to=2026-12-31';

const day = (i: number) => new Date(Date.UTC(2026, 0, 1 + i)).toISOString().slice(0, 10);
const csv = (header: string, rows: (string | number)[][]) =>
  [header, ...rows.map((r) => r.join(','))].join('\n');
type Preview = { id: number; kind: string; kind_message: string; mapping: Record<string, string> };

async function preview(text: string) {
  const answer = await upload(owner, text);
  expect(answer.statusCode, answer.body).toBe(201);
  return answer.json().data as Preview;
}

describe('the kind of an upload', () => {
  it('a series per day: said with its days and range', async () => {
    const rows = Array.from({ length: 10 }, (_, i) => [day(i), 5 + (i % 3)]);
    const guess = await preview(csv('Datum,Downloads', rows));
    expect(guess.kind).toBe('daily');
    expect(guess.kind_message).toBe(kindMessages.daily(10, day(0), day(9)));
    expect(guess.kind_message).toBe(
      'Zahlen je Tag: 10 Tage vom 01.01.2026 bis 10.01.2026. Wir speichern jede Zahl an ihrem Tag.',
    );
  });

  it('a running total (Spotify "PerformanceCombined" 0 → 23): imported as the differences from day to day', async () => {
    const totals = [0, 0, 1, 1, 3, 4, 4, 4, 6, 9, 9, 10, 12, 15, 15, 17, 20, 23];
    const rows = totals.map((total, i) => [day(40 + i), total]);
    const guess = await preview(csv('Date,Plays & downloads', rows));
    expect(guess.kind).toBe('running_total');
    expect(guess.kind_message).toBe(kindMessages.running('Plays & downloads', 0, 23, 18));
    const done = await commit(owner, guess.id, guess.mapping);
    expect(done.statusCode, done.body).toBe(200);
    // The first day is only the starting point: 17 days stored, summing to 23.
    expect(done.json().data).toMatchObject({ inserted: 17, errors: [], error_count: 0 });
    const days = (await audience(RANGE)).days.filter(
      (d) => (d.date as string) >= day(40) && (d.date as string) <= day(57),
    );
    expect(days.map((d) => d.downloads)).toEqual(totals.slice(1).map((t, i) => t - totals[i]!));
    expect(days.reduce((s, d) => s + (d.downloads as number), 0)).toBe(23);
  });

  it('a running total with missing days lists the row whose difference covers several days', async () => {
    const totals = Array.from({ length: 16 }, (_, i) => [day(100 + i + (i >= 10 ? 2 : 0)), i * 2]);
    const guess = await preview(csv('Datum,Downloads', totals));
    expect(guess.kind).toBe('running_total');
    const done = await commit(owner, guess.id, guess.mapping);
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json().data).toMatchObject({
      inserted: 14,
      error_count: 1,
      errors: [{ line: 12, message: runningMessages.gap('Downloads', day(109), day(112), 3) }],
    });
  });

  it('a guess corrected: a growing daily series taken as days when the podcaster says so', async () => {
    const rows = Array.from({ length: 20 }, (_, i) => [day(150 + i), 10 + i]);
    const guess = await preview(csv('Datum,Downloads', rows));
    expect(guess.kind).toBe('running_total');
    const done = await commit(owner, guess.id, guess.mapping, { kind: 'daily' });
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json().data.inserted).toBe(20);
    const days = (await audience(RANGE)).days.filter(
      (d) => (d.date as string) >= day(150) && (d.date as string) <= day(169),
    );
    expect(days.map((d) => d.downloads)).toEqual(rows.map((r) => r[1]));
  });

  it('a correction that the file contradicts is refused in German, nothing stored', async () => {
    const rows = Array.from({ length: 20 }, (_, i) => [day(200 + i), i === 12 ? 3 : 10 + i]);
    const guess = await preview(csv('Datum,Downloads', rows));
    expect(guess.kind).toBe('daily');
    const before = await audience(RANGE);
    const running = await commit(owner, guess.id, guess.mapping, { kind: 'running_total' });
    expect(running.statusCode).toBe(422);
    expect(running.json().errors).toEqual({ kind: [kindMessages.falls('Downloads', day(212), 21, 3)] });
    const weekly = await commit(owner, guess.id, guess.mapping, { kind: 'weekly' });
    expect(weekly.json().errors).toEqual({ kind: [kindMessages.notWeekly('Datum')] });
    const unknown = await commit(owner, guess.id, guess.mapping, { kind: 'monthly' });
    expect(unknown.statusCode).toBe(422);
    expect(unknown.json().errors).toEqual({ kind: ['Diese Art von Tabelle gibt es nicht.'] });
    expect(await audience(RANGE)).toEqual(before);
  });

  it("a series per week (Spotify's retention, 7-day steps): said and refused for days, also as a correction", async () => {
    const weeks = Array.from({ length: 8 }, (_, i) => [day(250 + i * 7), 50 + i]);
    const guess = await preview(csv('Week starting,Downloads', weeks));
    expect(guess.kind).toBe('weekly');
    expect(guess.kind_message).toBe(kindMessages.weekly('Week starting'));
    for (const kind of [undefined, 'weekly', 'daily', 'running_total']) {
      const refused = await commit(owner, guess.id, guess.mapping, { kind: kind });
      expect(refused.statusCode).toBe(422);
      expect(refused.json().errors).toEqual({ kind: [kindMessages.weekly('Week starting')] });
    }
  });

  it("a host's episode table (a row per episode, downloads by age): stored per episode, never as days", async () => {
    await t.db
      .insertInto('episodes')
      .values([
        { podcast_id: podcastId, guid: 'g-3', title: 'Folge 3', published_at: '2026-11-20T05:00:00.000Z' },
        { podcast_id: podcastId, guid: 'g-2', title: 'Folge 2', published_at: '2026-11-13T05:00:00.000Z' },
      ])
      .execute();
    const table = [
      'Slug,Title,Published,1 Day,7 Days,14 Days,30 Days,90 Days,Spotify,All Time',
      'folge-3,Folge 3,2026-11-20,"1,222",2100,–,–,–,80,2300',
      'folge-2,Folge 2,2026-11-13,900,1500,1800,–,–,60,1900',
      'folge-1,Folge 1,2026-11-06,700,1200,1500,1700,–,50,1750',
    ].join('\n');
    const guess = await preview(table);
    expect(guess.kind).toBe('episodes');
    expect(guess.kind_message).toBe(`${kindMessages.episodes(3)} ${kindMessages.episodesMatched(2, 3)}`);
    const before = (await audience(RANGE)).days;
    const asDays = await commit(
      owner,
      guess.id,
      { date: 'Published', downloads: 'All Time' },
      { kind: 'daily' },
    );
    expect(asDays.statusCode).toBe(422);
    expect(asDays.json().errors).toEqual({ kind: [kindMessages.episodesByAge] });
    const done = await commit(owner, guess.id, { date: 'Published', downloads: 'All Time' });
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json().data).toMatchObject({
      inserted: 2,
      error_count: 1,
      errors: [{ line: 4, message: matchMessages.unmatched('„Folge 1“') }],
    });
    const stored = await t.db
      .selectFrom('audience_episodes')
      .select(['item_guid', 'downloads_1', 'downloads_7', 'downloads_all'])
      .where('podcast_id', '=', podcastId)
      .orderBy('item_guid')
      .execute();
    expect(stored).toEqual([
      { item_guid: 'g-2', downloads_1: 900, downloads_7: 1500, downloads_all: 1900 },
      { item_guid: 'g-3', downloads_1: 1222, downloads_7: 2100, downloads_all: 2300 },
    ]);
    expect((await audience(RANGE)).days).toEqual(before);
  });

  it("Apple's episode report (plays per episode and day, no downloads): recognised, not storable yet", async () => {
    const report = [
      'Show ID\tEpisode ID\tEpisode Title\tDate\tTotal Time Listened\tPlays\tUnique Listeners',
      '1600000001\t1000650001\tFolge 1\t20260901\t3600\t12\t9',
      '1600000001\t1000650002\tFolge 2\t20260901\t1800\t8\t6',
      '1600000001\t1000650001\tFolge 1\t20260902\t1200\t5\t4',
    ].join('\n');
    const guess = await preview(report);
    expect(guess.kind).toBe('episodes');
    expect(guess.kind_message).toBe(kindMessages.episodesWithoutDownloads);
    const refused = await commit(owner, guess.id, { date: 'Date', plays: 'Plays' });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().errors).toEqual({ kind: [kindMessages.episodesWithoutDownloads] });
    const asDays = await commit(owner, guess.id, { date: 'Date', plays: 'Plays' }, { kind: 'daily' });
    expect(asDays.statusCode).toBe(422);
    expect(asDays.json().errors).toEqual({ kind: [kindMessages.episodesPerDay] });
  });

  it("not usable: one sentence says what is missing (Apple's followers report holds only changes)", async () => {
    const followers = await upload(
      owner,
      'Date\tNet Followers\tGross Followers\tGross Unfollowers\n20260901\t3\t4\t1\n20260902\t-1\t0\t1\n',
    );
    expect(followers.statusCode).toBe(422);
    expect(followers.json().errors).toEqual({ upload: [kindMessages.followerChanges('Net Followers')] });
    const textOnly = await upload(owner, 'Datum;Notiz\n01.01.2026;Start\n02.01.2026;Weiter\n');
    expect(textOnly.json().errors).toEqual({ upload: [kindMessages.noFigure] });
  });
});
