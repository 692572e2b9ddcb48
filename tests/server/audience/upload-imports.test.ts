// One upload taken back alone: each committed upload is listed with its file, date, days and
// series, and removing the wrong one gives its days back to what the other files said (a day only
// it gave is gone), with the metrics taken from the days following; removing the last one removes
// the upload source. Through the real app on SQLite (PostgreSQL with TEST_DATABASE_URL).
import { describe, expect, it } from 'vitest';
import { importMessages } from '../../../src/shared/audience-imports.ts';
import { verifiedUser } from '../helpers/accounts.ts';
import { uploadApp } from './upload-helpers.ts';

const { t, owner, podcastId, upload, commit, audience } = await uploadApp();
const base = `/api/podcasts/${podcastId}`;

const csv = (rows: [string, number, number?][], followers = false) =>
  [
    followers ? 'Datum;Downloads;Follower' : 'Datum;Downloads',
    ...rows.map(([day, n, f]) => (followers ? `${day};${n};${f}` : `${day};${n}`)),
  ].join('\n');

async function send(name: string, text: string) {
  const preview = await upload(owner, text, name);
  expect(preview.statusCode, preview.body).toBe(201);
  const { id, mapping } = preview.json().data;
  const done = await commit(owner, id, mapping);
  expect(done.statusCode, done.body).toBe(200);
}

const imports = async () => {
  const response = await owner.get(`${base}/audience-imports`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data as { id: number; file_name: string; days: number; series: string[] }[];
};
const downloads = async () =>
  Object.fromEntries(
    (await audience('from=2026-11-01&to=2026-11-30')).days.map((d) => [d.date, d.downloads]),
  );

describe('uploads one by one', () => {
  it('lists each upload with its file, days and series, newest first', async () => {
    t.clock.set('2026-12-01T10:00:00Z');
    await send(
      'richtig.csv',
      csv([
        ['01.11.2026', 10],
        ['02.11.2026', 20],
        ['03.11.2026', 30],
      ]),
    );
    t.clock.set('2026-12-02T10:00:00Z');
    await send(
      'falsch.csv',
      csv(
        [
          ['02.11.2026', 900, 50],
          ['03.11.2026', 900, 51],
          ['04.11.2026', 900, 52],
        ],
        true,
      ),
    );
    const list = await imports();
    expect(list).toMatchObject([
      {
        file_name: 'falsch.csv',
        created_at: '2026-12-02T10:00:00.000Z',
        days: 3,
        first_day: '2026-11-02',
        last_day: '2026-11-04',
        series: ['downloads', 'followers'],
      },
      {
        file_name: 'richtig.csv',
        days: 3,
        first_day: '2026-11-01',
        last_day: '2026-11-03',
        series: ['downloads'],
      },
    ]);
    expect(await downloads()).toEqual({
      '2026-11-01': 10,
      '2026-11-02': 900,
      '2026-11-03': 900,
      '2026-11-04': 900,
    });
  });

  it('takes the wrong upload back alone: its days say what the other file said, its own days go', async () => {
    const [wrong] = await imports();
    const other = await verifiedUser(t);
    expect(
      (await other.agent.delete(`${base}/audience-imports/${wrong!.id}`)).statusCode,
    ).toBeGreaterThanOrEqual(403);

    const removed = await owner.delete(`${base}/audience-imports/${wrong!.id}`);
    expect(removed.statusCode, removed.body).toBe(204);
    expect(await downloads()).toEqual({ '2026-11-01': 10, '2026-11-02': 20, '2026-11-03': 30 });
    const days = await audience('from=2026-11-01&to=2026-11-30');
    expect(days.days.every((d) => d.followers === null)).toBe(true);
    expect((await imports()).map((i) => i.file_name)).toEqual(['richtig.csv']);
    // The metrics taken from the days follow: Reichweite is weekly downloads again, not followers.
    const metrics = (await owner.get(`${base}/metrics`)).json().data as {
      key: string;
      values: { value: number; measure: string }[];
    }[];
    expect(metrics.find((m) => m.key === 'coverage')!.values).toMatchObject([
      { value: 140, measure: 'downloads_per_week' },
    ]);

    const again = await owner.delete(`${base}/audience-imports/${wrong!.id}`);
    expect(again.statusCode).toBe(404);
    expect(again.json()).toEqual({ message: importMessages.notFound, errors: {} });
  });

  it('removes the upload source with the last upload', async () => {
    const [last] = await imports();
    expect((await owner.delete(`${base}/audience-imports/${last!.id}`)).statusCode).toBe(204);
    expect(await imports()).toEqual([]);
    expect((await owner.get(`${base}/audience-sources`)).json().data).toEqual([]);
    expect((await audience('from=2026-11-01&to=2026-11-30')).days).toEqual([]);
  });
});
