// Uploads bounded in every dimension, through the real app: columns, values and row
// length refused with a German 422 before the rest is read, the preview's and the commit's
// answers bounded, one column for one series, and pending uploads capped per account as well as
// per podcast. The memory at the limits: tests/bench/upload-memory.ts.
import Papa from 'papaparse';
import { describe, expect, it } from 'vitest';
import { audienceMessages, UPLOAD_MAX_CELLS, UPLOAD_MAX_ROW_CHARS } from '../../../src/shared/audience.ts';
import { addDays } from '../../../src/shared/calendar.ts';
import { SHOWN_ROW_ERRORS } from '../../../src/server/audience/upload-mapping.ts';
import { eachRow } from '../../../src/server/audience/upload-rows.ts';
import { podcastOwnedBy } from '../podcasts/podcast-helpers.ts';
import { verifiedUser } from '../helpers/accounts.ts';
import { multipart } from '../helpers/multipart.ts';
import { uploadApp } from './upload-helpers.ts';

const { t, owner, upload, commit } = await uploadApp();

const refused = async (text: string, message: string) => {
  const response = await upload(owner, text);
  expect(response.statusCode, response.body.slice(0, 300)).toBe(422);
  expect(response.json()).toEqual({ message, errors: { upload: [message] } });
};

describe('what an upload may hold', () => {
  it('reads rows across its 64 KB chunks as papaparse reads the whole text', () => {
    const note = (i: number) => (i % 7 === 0 ? `"Zeile ${i}; mit ""Zitat"" und\r\nUmbruch"` : `Notiz ${i}`);
    const rows = Array.from({ length: 12_000 }, (_, i) => `0${1 + (i % 9)}.11.2026;${i};${note(i)}`);
    rows.splice(6000, 0, `02.11.2026;1;"${'lang; '.repeat(10_000)}"`); // 60,000 characters
    const text = ['Datum;Downloads;Notiz', ...rows].join('\r\n');
    const read: string[][] = [];
    expect(eachRow(text, ';', '\r\n', (cells) => read.push(cells) > 0).stop).toBe('end');
    expect(read).toEqual(Papa.parse<string[]>(text, { delimiter: ';', newline: '\r\n' }).data);
  });

  it('refuses a header line of 1.3 million cells as too many columns, without splitting it', async () => {
    const header = `Datum${',x'.repeat(1_300_000)}`;
    await refused(`${header}\n01.11.2026,5\n`, audienceMessages.tooManyColumns(1));
    // papaparse was handed the line's first chunks only, not its 2.6 MB.
    const read = eachRow(header, ',', '\n', () => true);
    expect(read).toMatchObject({ stop: 'long', at: 0 });
    expect(read.read).toBeLessThanOrEqual(UPLOAD_MAX_ROW_CHARS + 65_536);
  });

  it('refuses 201 columns, at the header or in a row, with its line', async () => {
    const names = Array.from({ length: 201 }, (_, i) => (i === 0 ? 'Datum' : `Wert ${i}`));
    await refused(`${names.join(';')}\n01.11.2026;5\n`, audienceMessages.tooManyColumns(1));
    const wideRow = `01.11.2026${';7'.repeat(250)}`;
    await refused(`Datum;Downloads\n01.11.2026;5\n${wideRow}\n`, audienceMessages.tooManyColumns(3));
  });

  it('refuses more than 250,000 values below the header', async () => {
    const row = '01.11.2026,5\n';
    const fits = `Datum,Downloads\n${row.repeat(UPLOAD_MAX_CELLS / 2)}`;
    expect((await upload(owner, fits)).statusCode).toBe(201);
    await refused(`${fits}${row}`, audienceMessages.tooManyCells);
  });

  it('refuses a row longer than 65,536 characters, even when quotes carry it over many lines', async () => {
    const note = `"${'Notiz, lang\n'.repeat(6000)}"`;
    await refused(
      `Datum,Downloads,Notiz\n01.11.2026,5,x\n02.11.2026,6,${note}\n`,
      audienceMessages.rowTooLong(3),
    );
  });
});

describe('what the answers hold', () => {
  it('the preview: names cut to 100 characters and samples to 50', async () => {
    const long = 'x'.repeat(5000);
    const response = await upload(owner, `Datum;${long};Downloads\n01.11.2026;${long};5\n`);
    expect(response.statusCode).toBe(201);
    const [, column] = response.json().data.columns;
    expect(column.name).toBe(`${'x'.repeat(99)}…`);
    expect(column.samples).toEqual([`${'x'.repeat(49)}…`]);
    expect(response.body.length).toBeLessThan(1000);
  });

  it('the commit: the first 100 unreadable rows, each cell quoted short, and how many there were', async () => {
    const good = Array.from({ length: 200 }, (_, i) => `${addDays('2027-06-01', i)};5`);
    const bad = Array.from({ length: 150 }, (_, i) => `${'y'.repeat(3000)}${i};5`);
    const preview = await upload(owner, ['Datum;Downloads', ...good, ...bad].join('\n'));
    const done = await commit(owner, preview.json().data.id, { date: 'Datum', downloads: 'Downloads' });
    expect(done.statusCode, done.body.slice(0, 300)).toBe(200);
    const data = done.json().data;
    expect(data).toMatchObject({ inserted: 200, error_count: 150 });
    expect(data.errors).toHaveLength(SHOWN_ROW_ERRORS);
    expect(data.errors[0]).toEqual({ line: 202, message: `„${'y'.repeat(49)}…“ ist kein Datum.` });
    expect(done.body.length).toBeLessThan(10_000);
  });

  it('a column fed to two series is refused at the second, naming the first', async () => {
    const preview = await upload(owner, 'Datum;Zahl\n01.04.2027;5\n');
    const twice = await commit(owner, preview.json().data.id, {
      date: 'Datum',
      downloads: 'Zahl',
      followers: 'Zahl',
    });
    expect(twice.statusCode).toBe(422);
    expect(twice.json().errors).toEqual({
      'mapping.followers': [audienceMessages.columnTaken('Downloads')],
    });
  });
});

describe('pending uploads', () => {
  it('keep at most three per account across its podcasts, the newest', async () => {
    const user = await verifiedUser(t);
    const podcasts = [];
    for (const name of ['Eins', 'Zwei', 'Drei', 'Vier'])
      podcasts.push(await podcastOwnedBy(t, name, user.id));
    const ids: number[] = [];
    for (const podcastId of podcasts) {
      for (const day of [1, 2]) {
        const { body, headers } = multipart(
          'upload',
          'e.csv',
          'text/csv',
          Buffer.from(`Datum;Downloads\n0${day}.05.2027;5\n`),
        );
        const response = await user.agent.post(`/api/podcasts/${podcastId}/audience-uploads`, body, headers);
        expect(response.statusCode).toBe(201);
        ids.push(response.json().data.id);
      }
    }
    const pending = await t.db
      .selectFrom('audience_uploads')
      .select('id')
      .where('user_id', '=', user.id)
      .orderBy('id')
      .execute();
    expect(pending.map((row) => row.id)).toEqual(ids.slice(-3));
  });
});
