// Every real export in /work/shared/fixtures/exports/, uploaded as a podcaster would: what the app
// makes of it (its kind said in German, the series it guesses, which column becomes 'Downloads',
// the days it stores, totals equal to the file's), or the German refusal for the kinds it does not
// store (a per-episode table, until it is stored per episode). The files are used as they are
// (CRLF, empty cells).
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { kindMessages } from '../../../src/server/audience/upload-kinds.ts';
import { columnNotes, meaningMessages } from '../../../src/server/audience/upload-meanings.ts';
import { uploadApp } from './upload-helpers.ts';

const { owner, upload, commit, audience } = await uploadApp();
const EXPORTS = '/work/shared/fixtures/exports/';
const bytes = (name: string) => readFileSync(`${EXPORTS}${name}`);

/** The file's rows as cells, header first (these files quote nothing). */
const table = (name: string) =>
  bytes(name)
    .toString('utf8')
    .split(/\r?\n/)
    .filter(Boolean)
    .map((line) => line.split(','));
const isoDay = (us: string) => {
  const [m, d, y] = us.split('/');
  return `${y}-${m!.padStart(2, '0')}-${d!.padStart(2, '0')}`;
};
/** The file's column summed over its filled cells, and how many cells are filled. */
function column(name: string, header: string) {
  const [head, ...rows] = table(name);
  const at = head!.indexOf(header);
  const filled = rows.filter((r) => (r[at] ?? '') !== '');
  return {
    sum: filled.reduce((s, r) => s + Number(r[at]), 0),
    days: filled.length,
    first: isoDay(rows[0]![0]!),
  };
}
type Day = {
  date: string;
  downloads: number | null;
  plays: number | null;
  listeners: number | null;
  followers: number | null;
  consumption: number | null;
};
const sum = (days: Day[], key: keyof Day) =>
  days.reduce((s, d) => s + (typeof d[key] === 'number' ? (d[key] as number) : 0), 0);
const RANGE = 'from=2025-02-01&to=2026-09-30';

describe('real exports', () => {
  it('Spotify "Engagement" (daily): followers as a level, the hours never a listening share', async () => {
    const preview = await upload(owner, bytes('spotify-engagement-all-time.csv'), 'engagement.csv');
    expect(preview.statusCode, preview.body).toBe(201);
    const { id, rows, mapping, kind, kind_message, columns } = preview.json().data;
    expect(rows).toBe(583);
    expect(kind).toBe('daily');
    expect(kind_message).toBe(kindMessages.daily(583, '2025-02-02', '2026-09-07'));
    expect(columns.map((c: { note?: string }) => c.note)).toEqual([
      undefined,
      columnNotes.duration,
      columnNotes.duration,
      undefined,
      undefined,
    ]);
    // `Consumption time (hours)` and `Average consumption time (hours)` are not offered as 'Durchhörrate'.
    expect(mapping).toEqual({ date: 'Date', followers: 'Followers' });
    const hours = await commit(owner, id, { ...mapping, consumption: 'Consumption time (hours)' });
    expect(hours.statusCode).toBe(422);
    expect(hours.json().errors).toEqual({
      'mapping.consumption': [meaningMessages.duration('Consumption time (hours)')],
    });
    const done = await commit(owner, id, mapping);
    expect(done.statusCode, done.body).toBe(200);
    const followers = column('spotify-engagement-all-time.csv', 'Followers');
    expect(followers.days).toBe(582); // the last day has no figure: not stored
    expect(done.json().data).toMatchObject({ inserted: 582, errors: [], error_count: 0 });
    const days = (await audience(RANGE)).days as unknown as Day[];
    const withFollowers = days.filter((d) => d.followers !== null);
    expect(withFollowers).toHaveLength(582);
    expect(withFollowers[0]).toMatchObject({ date: followers.first, followers: 1, consumption: null });
    expect(sum(withFollowers, 'followers')).toBe(followers.sum);
  });

  it('Spotify "Performance" (daily, 583 days): plays & downloads, plays, audience with totals equal to the file', async () => {
    const name = 'spotify-performance-all-time.csv';
    const preview = await upload(owner, bytes(name), 'performance.csv');
    expect(preview.statusCode, preview.body).toBe(201);
    const { id, rows, mapping, kind, columns } = preview.json().data;
    expect(rows).toBe(583);
    expect(kind).toBe('daily');
    // 'Downloads' is the sum of Spotify's plays and the downloads everywhere else, and says so.
    const notes = Object.fromEntries(columns.map((c: { name: string; note?: string }) => [c.name, c.note]));
    expect(notes['Plays & downloads']).toBe(
      columnNotes.sum('Plays (on Spotify)', 'Downloads (everywhere else)'),
    );
    expect(notes['Audience']).toBe(columnNotes.sum('Audience (on Spotify)', 'Audience (everywhere else)'));
    expect(notes['Plays (on Spotify)']).toBeUndefined();
    expect(mapping).toEqual({
      date: 'Date',
      downloads: 'Plays & downloads',
      plays: 'Plays (on Spotify)',
      listeners: 'Audience',
    });
    const done = await commit(owner, id, mapping);
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json().data).toMatchObject({ errors: [], error_count: 0 });
    const days = (await audience(RANGE)).days as unknown as Day[];
    const downloads = column(name, 'Plays & downloads');
    const plays = column(name, 'Plays (on Spotify)');
    const listeners = column(name, 'Audience');
    expect(downloads.days).toBe(583);
    expect(days.filter((d) => d.downloads !== null)).toHaveLength(583);
    expect(days[0]).toMatchObject({ date: '2025-02-02', downloads: 7, plays: 7, listeners: 1 });
    expect(sum(days, 'downloads')).toBe(downloads.sum);
    expect(sum(days, 'plays')).toBe(plays.sum);
    expect(sum(days, 'listeners')).toBe(listeners.sum);
  });

  it("Podlove's episode table (a row per episode, downloads by age): said what it is, stored per episode, never as days", async () => {
    const before = (await audience(RANGE)).days;
    const preview = await upload(owner, bytes('podlove-episode-downloads.csv'), 'podlove.csv');
    expect(preview.statusCode, preview.body).toBe(201);
    const { id, kind, kind_message, rows, mapping } = preview.json().data;
    const episodes = table('podlove-episode-downloads.csv').length - 1;
    expect(rows).toBe(episodes);
    expect(kind).toBe('episodes');
    // This podcast's feed has none of its episodes: each row is listed at the commit, none dropped.
    expect(kind_message).toBe(
      `${kindMessages.episodes(episodes)} ${kindMessages.episodesMatched(0, episodes)}`,
    );
    const asDays = await commit(owner, id, { date: 'post_date', downloads: 'downloads' }, { kind: 'daily' });
    expect(asDays.statusCode).toBe(422);
    expect(asDays.json().errors).toEqual({ kind: [kindMessages.episodesByAge] });
    const done = await commit(owner, id, { date: 'post_date', downloads: 'downloads', ...mapping });
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json().data).toMatchObject({ inserted: 0, error_count: episodes });
    expect(done.json().data.errors.map((e: { line: number }) => e.line)).toEqual(
      Array.from({ length: episodes }, (_, i) => i + 2),
    );
    expect((await audience(RANGE)).days).toEqual(before);
  });
});
