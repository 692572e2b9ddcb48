// Apple Podcasts Connect's zip of tab-delimited reports, through the real app: each report shown
// with its kind, `YYYYMMDD` dates read, one report imported at a time, and the zip's bounds
// (entries, unpacked size, names never used as paths). No real Apple zip is at hand: the zip is
// built here from the reports' header lines as public parsers of them report them
// (../shared/fixtures/exports/README.md); the show's daily report beside them is ours.
import { strToU8, zipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { kindMessages } from '../../../src/server/audience/upload-kinds.ts';
import { ZIP_MAX_ENTRIES, zipMessages } from '../../../src/server/audience/upload-zip.ts';
import { audienceMessages } from '../../../src/shared/audience.ts';
import { uploadApp } from './upload-helpers.ts';

const { owner, upload, commit, audience } = await uploadApp();
const tsv = (rows: (string | number)[][]) => strToU8(rows.map((r) => r.join('\t')).join('\n'));
const compact = (i: number) =>
  new Date(Date.UTC(2026, 8, 1 + i)).toISOString().slice(0, 10).replaceAll('-', '');
const iso = (i: number) => new Date(Date.UTC(2026, 8, 1 + i)).toISOString().slice(0, 10);

const followers = tsv([
  ['Date', 'Net Followers', 'Gross Followers', 'Gross Unfollowers'],
  ...Array.from({ length: 10 }, (_, i) => [compact(i), (i % 3) - 1, i % 3, 1]),
]);
const episodes = tsv([
  [
    'Show ID',
    'Episode ID',
    'Episode Title',
    'Date',
    'Total Time Listened',
    'Plays',
    'Unique Listeners',
    'Unique Engaged Listeners',
  ],
  ...Array.from({ length: 10 }, (_, i) => [
    1600000001,
    1000650000 + (i % 2),
    `Folge ${i % 2}`,
    compact(i >> 1),
    3600 * i,
    4 + i,
    3 + i,
    2,
  ]),
]);
const show = tsv([
  ['Date', 'Plays', 'Listeners'],
  ...Array.from({ length: 10 }, (_, i) => [compact(i), 20 + i, 10 + (i % 4)]),
]);

describe("Apple's zip", () => {
  it('shows each report with its kind, reads YYYYMMDD dates and imports one report at a time', async () => {
    const zip = zipSync({
      'Apple Podcasts/Followers.txt': followers,
      'Apple Podcasts/Episodes.txt': episodes,
      'Apple Podcasts/Show.txt': show,
      '__MACOSX/Apple Podcasts/._Show.txt': strToU8('\0\u0005\u0016\u0007'),
      'Apple Podcasts/readme.pdf': strToU8('%PDF-1.4'),
    });
    const preview = await upload(owner, Buffer.from(zip), 'Apple Podcasts Connect.zip');
    expect(preview.statusCode, preview.body).toBe(201);
    const data = preview.json().data;
    expect(
      data.reports.map((r: { name: string; kind: string; kind_message: string }) => [
        r.name,
        r.kind,
        r.kind_message,
      ]),
    ).toEqual([
      ['Followers.txt', 'unusable', kindMessages.followerChanges('Net Followers')],
      ['Episodes.txt', 'episodes', kindMessages.episodesWithoutDownloads],
      ['Show.txt', 'daily', kindMessages.daily(10, iso(0), iso(9))],
    ]);
    // On top: the first report that can be imported.
    expect(data).toMatchObject({
      name: 'Show.txt',
      kind: 'daily',
      rows: 10,
      mapping: { date: 'Date', plays: 'Plays', listeners: 'Listeners' },
    });
    expect(data.columns[0]).toMatchObject({ name: 'Date', kind: 'date' });

    const done = await commit(owner, data.id, data.mapping, { report: 'Show.txt' });
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json().data).toMatchObject({ inserted: 10, error_count: 0 });
    const days = (await audience('from=2026-09-01&to=2026-09-30')).days;
    expect(days.map((d) => [d.date, d.plays])).toEqual(
      Array.from({ length: 10 }, (_, i) => [iso(i), 20 + i]),
    );

    // The imported report is gone from the pending upload; the others stay to be imported.
    const again = await commit(owner, data.id, data.mapping, { report: 'Show.txt' });
    expect(again.statusCode).toBe(422);
    expect(again.json().errors).toEqual({ report: [audienceMessages.reportUnknown] });
    const episodeTable = await commit(
      owner,
      data.id,
      { date: 'Date', plays: 'Plays' },
      { report: 'Episodes.txt' },
    );
    expect(episodeTable.json().errors).toEqual({ kind: [kindMessages.episodesWithoutDownloads] });
  });

  it('reads YYYYMMDD only where every value of the column is such a date', async () => {
    const broken = await upload(owner, 'Date\tPlays\n20260901\t5\n20261345\t6\n', 'show.txt');
    expect(broken.statusCode).toBe(422);
    expect(broken.json().errors).toEqual({ upload: [audienceMessages.noDateColumn] });
  });

  it('refuses more than 20 entries and never uses a name as a path', async () => {
    const many = Object.fromEntries(
      Array.from({ length: ZIP_MAX_ENTRIES + 1 }, (_, i) => [`r${i}.txt`, show]),
    );
    const tooMany = await upload(owner, Buffer.from(zipSync(many)), 'many.zip');
    expect(tooMany.statusCode).toBe(422);
    expect(tooMany.json().errors).toEqual({ upload: [zipMessages.entries] });

    const pathy = await upload(owner, Buffer.from(zipSync({ '../../etc/Show.txt': show })), 'pathy.zip');
    expect(pathy.statusCode, pathy.body).toBe(201);
    expect(pathy.json().data.reports.map((r: { name: string }) => r.name)).toEqual(['Show.txt']);
  });

  // Packing 51 MB of zeros takes seconds on a loaded machine: its own time limit.
  it('refuses more than 50 MB unpacked, counted while unpacking', { timeout: 120_000 }, async () => {
    const bomb = zipSync({ 'Show.txt': show, 'zeros.bin': new Uint8Array(51 * 1024 * 1024) }, { level: 1 });
    expect(bomb.length).toBeLessThan(200_000);
    const big = await upload(owner, Buffer.from(bomb), 'bomb.zip');
    expect(big.statusCode).toBe(422);
    expect(big.json().errors).toEqual({ upload: [zipMessages.unpacked] });
  });
});
