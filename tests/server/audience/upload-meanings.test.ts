// Units and meanings of an export's columns, through the real app: listening time is never a
// share, a share above 100 is refused, a follower change per day is no level of followers, and the
// preview names a column that is the sum of two others (the kind of a whole table:
// upload-kinds.test.ts).
import { describe, expect, it } from 'vitest';
import { columnNotes, meaningMessages } from '../../../src/server/audience/upload-meanings.ts';
import { uploadApp } from './upload-helpers.ts';

const { owner, upload, commit, audience } = await uploadApp();
const RANGE = 'from=2026-01-01&to=2026-12-31';

const day = (i: number) => new Date(Date.UTC(2026, 0, 1 + i)).toISOString().slice(0, 10);
const csv = (header: string, rows: (string | number)[][]) =>
  [header, ...rows.map((r) => r.join(','))].join('\n');

async function preview(text: string) {
  const answer = await upload(owner, text);
  expect(answer.statusCode, answer.body).toBe(201);
  return answer.json().data as { id: number; mapping: Record<string, string> };
}

describe('units and meanings', () => {
  it.each(['Listening time (minutes)', 'Hördauer in Sekunden', 'Total Time Listened', 'Stunden gehört'])(
    '„%s“ is never offered nor accepted as Durchhörrate',
    async (name) => {
      const { id, mapping } = await preview(
        csv(`Datum,Downloads,${name}`, [
          [day(0), 10, 12.5],
          [day(1), 12, 14],
        ]),
      );
      expect(mapping).toEqual({ date: 'Datum', downloads: 'Downloads' });
      const refused = await commit(owner, id, { ...mapping, consumption: name });
      expect(refused.statusCode).toBe(422);
      expect(refused.json().errors).toEqual({ 'mapping.consumption': [meaningMessages.duration(name)] });
    },
  );

  it('refuses a share above 100 per row and imports the rest', async () => {
    const { id, mapping } = await preview(
      csv('Datum,Durchhörrate', [
        [day(0), '45 %'],
        [day(1), '140 %'],
      ]),
    );
    expect(mapping).toEqual({ date: 'Datum', consumption: 'Durchhörrate' });
    const done = await commit(owner, id, mapping);
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json().data.errors).toEqual([
      { line: 3, message: '„140 %“ in „Durchhörrate“ ist mehr als 100 %.' },
    ]);
  });

  it('takes a daily series that rises for a while but falls once as days', async () => {
    const rows = Array.from({ length: 30 }, (_, i) => [day(i + 80), i === 20 ? 1 : i + 5]);
    const { id, mapping } = await preview(csv('Datum,Downloads', rows));
    const done = await commit(owner, id, mapping);
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json().data.inserted).toBe(30);
  });

  it("followers: a level is Follower, a change per day (Apple's Net Followers) never", async () => {
    const rows = [
      [day(300), 120, 3, 4, 1],
      [day(301), 119, -1, 0, 1],
      [day(302), 121, 2, 2, 0],
    ];
    const { id, mapping } = await preview(
      csv('Datum,Follower,Net Followers,Gross Followers,Gross Unfollowers', rows),
    );
    expect(mapping).toEqual({ date: 'Datum', followers: 'Follower' });
    const changes = await preview(
      csv(
        'Date,Net Followers,Downloads',
        rows.map((r) => [r[0]!, r[2]!, 10]),
      ),
    );
    expect(changes.mapping).toEqual({ date: 'Date', downloads: 'Downloads' });
    const refused = await commit(owner, changes.id, { ...changes.mapping, followers: 'Net Followers' });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().errors).toEqual({
      'mapping.followers': [meaningMessages.followerChange('Net Followers')],
    });
    const done = await commit(owner, id, mapping);
    expect(done.statusCode, done.body).toBe(200);
    const days = (await audience(RANGE)).days.filter(
      (d) => (d.date as string) >= day(300) && (d.date as string) <= day(302),
    );
    expect(days.map((d) => d.followers)).toEqual([120, 119, 121]);
  });

  it('the preview says what a column means: listening time, follower changes, a sum of two others', async () => {
    const answer = await upload(
      owner,
      csv(
        'Date,Plays & downloads,Plays (on Spotify),Downloads (everywhere else),Consumption time (hours),Net Followers',
        [
          [day(320), 7, 7, '', 1.5, 1],
          [day(321), 9, 6, 3, 2.25, 0],
          [day(322), 4, 3, 1, 0.5, 2],
        ],
      ),
    );
    expect(answer.statusCode, answer.body).toBe(201);
    const notes = Object.fromEntries(
      (answer.json().data.columns as { name: string; note?: string }[]).map((c) => [c.name, c.note]),
    );
    expect(notes).toEqual({
      Date: undefined,
      'Plays & downloads': columnNotes.sum('Plays (on Spotify)', 'Downloads (everywhere else)'),
      'Plays (on Spotify)': undefined,
      'Downloads (everywhere else)': undefined,
      'Consumption time (hours)': columnNotes.duration,
      'Net Followers': columnNotes.followerChange,
    });
    expect(answer.json().data.mapping).toMatchObject({
      downloads: 'Plays & downloads',
      plays: 'Plays (on Spotify)',
    });
  });
});
