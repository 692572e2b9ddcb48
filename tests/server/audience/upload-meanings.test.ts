// Units and meanings of an export's columns (issue 59, item 2), through the real app: listening
// time is never a share, a share above 100 is refused, a running total is no daily count and a
// weekly series is no days; each refused with its German reason, nothing stored.
import { describe, expect, it } from 'vitest';
import { meaningMessages } from '../../../src/server/audience/upload-meanings.ts';
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

  it('refuses a running total as daily downloads, naming it (Spotify "PerformanceCombined" 0 → 23)', async () => {
    const before = await audience(RANGE);
    const total = Array.from({ length: 30 }, (_, i) => [day(i + 40), Math.min(23, Math.floor(i * 0.8))]);
    const { id, mapping } = await preview(csv('Date,Plays & downloads', total));
    expect(mapping).toEqual({ date: 'Date', downloads: 'Plays & downloads' });
    const refused = await commit(owner, id, mapping);
    expect(refused.statusCode).toBe(422);
    expect(refused.json().errors).toEqual({
      'mapping.downloads': [meaningMessages.runningTotal('Plays & downloads', 0, 23, 30)],
    });
    expect(await audience(RANGE)).toEqual(before);
  });

  it('takes a daily series that rises for a while but falls once as days', async () => {
    const rows = Array.from({ length: 30 }, (_, i) => [day(i + 80), i === 20 ? 1 : i + 5]);
    const { id, mapping } = await preview(csv('Datum,Downloads', rows));
    const done = await commit(owner, id, mapping);
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json().data.inserted).toBe(30);
  });

  it('refuses a weekly series (7-day steps) for days', async () => {
    const weeks = Array.from({ length: 8 }, (_, i) => [day(150 + i * 7), 50 + i]);
    const { id, mapping } = await preview(csv('Week starting,Downloads', weeks));
    const refused = await commit(owner, id, mapping);
    expect(refused.statusCode).toBe(422);
    expect(refused.json().errors).toEqual({ 'mapping.date': [meaningMessages.weekly('Week starting')] });
  });
});
