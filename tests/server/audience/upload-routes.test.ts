// Upload → preview → commit → GET audience, through the real app on SQLite (PostgreSQL with
// TEST_DATABASE_URL): the days a user sees, what a second or an overlapping file changes, the
// lines that cannot be read, the limits, and reading the days. One sequence: the reads count the
// days the uploads before them stored (who may upload: upload-roles.test.ts).
import { describe, expect, it } from 'vitest';
import { audienceMessages, UPLOAD_MAX_BYTES } from '../../../src/shared/audience.ts';
import { audienceSource } from '../helpers/audience-source.ts';
import { multipart } from '../helpers/multipart.ts';
import { fixture, lastUploadId, uploadApp } from './upload-helpers.ts';
import { zipMessages } from '../../../src/server/audience/upload-zip.ts';

const { t, owner, podcastId, upload, commit, importFile, audience } = await uploadApp();

describe('an export, from the file to the screen', () => {
  it('previews the columns with kinds, samples and a guessed mapping', async () => {
    const response = await upload(owner, fixture('podigee.csv'), 'podigee.csv');
    expect(response.statusCode, response.body).toBe(201);
    const { data } = response.json();
    expect(data.rows).toBe(30);
    expect(data.columns[0]).toEqual({
      name: 'Datum',
      kind: 'date',
      samples: ['01.11.2026', '02.11.2026', '03.11.2026'],
    });
    expect(data.columns.map((c: { kind: string }) => c.kind)).toEqual(['date', 'number', 'number', 'number']);
    expect(data.mapping).toEqual({
      date: 'Datum',
      downloads: 'Downloads',
      listeners: 'Hörer',
      consumption: 'Durchschnittlich gehört',
    });
  });

  it('commits the days, which GET audience then shows', async () => {
    expect(await importFile(fixture('podigee.csv'))).toEqual({
      inserted: 30,
      updated: 0,
      unchanged: 0,
      errors: [],
      error_count: 0,
    });
    const { days } = await audience();
    expect(days).toHaveLength(30);
    expect(days[2]).toEqual({
      date: '2026-11-03',
      downloads: 2474,
      listeners: 1237,
      followers: null,
      plays: null,
      consumption: 43,
      source: 'upload',
    });
    const source = await t.db
      .selectFrom('audience_sources')
      .selectAll()
      .where('podcast_id', '=', podcastId)
      .execute();
    expect(source).toMatchObject([{ type: 'upload', status: 'ok' }]);
    const pending = await t.db.selectFrom('audience_uploads').select('id').execute();
    expect(pending.map((row) => row.id)).not.toContain(lastUploadId);
  });

  it('changes nothing when the same file comes again', async () => {
    expect(await importFile(fixture('podigee.csv'))).toEqual({
      inserted: 0,
      updated: 0,
      unchanged: 30,
      errors: [],
      error_count: 0,
    });
  });

  it('updates the overlapping days of a newer file and says how many', async () => {
    const lines = ['Datum;Downloads;Hörer;Durchschnittlich gehört'];
    const podigee = fixture('podigee.csv').toString('utf8').trim().split(/\r?\n/).slice(21);
    // 21.–25.11. as before, 26.–30.11. with more downloads, 01.–10.12. new.
    podigee.forEach((line, i) => lines.push(i < 5 ? line : line.replace(/^([^;]+);[^;]+/, '$1;5.000')));
    for (let day = 1; day <= 10; day++)
      lines.push(`${String(day).padStart(2, '0')}.12.2026;1.000;500;50,0 %`);
    expect(await importFile(lines.join('\r\n'))).toEqual({
      inserted: 10,
      updated: 5,
      unchanged: 5,
      errors: [],
      error_count: 0,
    });
    const { days } = await audience('from=2026-11-30&to=2026-12-01');
    expect(days.map((d) => d.downloads)).toEqual([5000, 1000]);
  });

  it('lists the lines it cannot read with why, and imports the others', async () => {
    const text = [
      'Statistik Zeitreise',
      'Datum;Downloads',
      '11.12.2026;100',
      '12.12.2026;viele',
      'gestern;5',
      '13.12.2026;-20',
      '14.12.2026;1.200',
      'Summe;1.300',
    ].join('\n');
    const data = await importFile(text);
    expect(data).toEqual({
      inserted: 2,
      updated: 0,
      unchanged: 0,
      errors: [
        { line: 4, message: '„viele“ in „Downloads“ ist keine Zahl.' },
        { line: 5, message: '„gestern“ ist kein Datum.' },
        { line: 6, message: '„-20“ in „Downloads“ ist negativ.' },
        { line: 8, message: '„Summe“ ist kein Datum.' },
      ],
      error_count: 4,
    });
    const { days } = await audience('from=2026-12-11&to=2026-12-14');
    expect(days.map((d) => [d.date, d.downloads])).toEqual([
      ['2026-12-11', 100],
      ['2026-12-14', 1200],
    ]);
  });

  it('remembers the mapping for the next file of the same shape', async () => {
    const first = await upload(owner, fixture('spreadsheet-de.csv'));
    const { id, mapping } = first.json().data;
    expect(mapping).toEqual({ date: 'Tag', downloads: 'Abrufe', plays: 'Wiedergaben' });
    const done = await commit(owner, id, { date: 'Tag', plays: 'Wiedergaben', downloads: null });
    expect(done.json().data.errors).toEqual([{ line: 35, message: '„Summe“ ist kein Datum.' }]);
    const again = await upload(owner, fixture('spreadsheet-de.csv'));
    expect(again.json().data.mapping).toEqual({ date: 'Tag', plays: 'Wiedergaben' });
  });

  it('takes Reichweite and Durchhörrate per month from the days, marked with their source', async () => {
    const response = await owner.get(`/api/podcasts/${podcastId}/metrics`);
    const metrics = response.json().data as {
      key: string;
      values: { date: string; value: number; source: string | null }[];
    }[];
    const coverage = metrics.find((m) => m.key === 'coverage')!.values;
    const throughput = metrics.find((m) => m.key === 'throughput')!.values;
    const november = (await audience('from=2026-11-01&to=2026-11-30')).days;
    const sum = november.reduce((total, d) => total + (d.downloads as number), 0);
    expect(coverage[0]).toMatchObject({
      date: '2026-11-30',
      value: Math.round((sum * 7) / 30),
      source: 'upload',
    });
    expect(coverage[1]).toMatchObject({ date: '2026-12-14', source: 'upload' });
    expect(throughput.map((v) => [v.date, v.source])).toEqual([
      ['2026-11-30', 'upload'],
      ['2026-12-10', 'upload'],
    ]);
    expect(throughput[1]?.value).toBe(50);
  });
});

describe('what the upload refuses', () => {
  it('a file above the limit (413), one without a date column and one that is no text (422)', async () => {
    const big = await upload(owner, Buffer.alloc(UPLOAD_MAX_BYTES + 1, 'a'));
    expect(big.statusCode).toBe(413);
    expect(big.json()).toEqual({
      message: audienceMessages.uploadTooLarge,
      errors: { upload: [audienceMessages.uploadTooLarge] },
    });
    const noDate = await upload(owner, 'Land;Downloads\nDE;5\nAT;6\n');
    expect(noDate.statusCode).toBe(422);
    expect(noDate.json().errors).toEqual({ upload: [audienceMessages.noDateColumn] });
    const binary = await upload(owner, Buffer.from([0x50, 0x4b, 3, 4, 0, 0, 1, 2]), 'export.zip');
    expect(binary.statusCode).toBe(422);
    expect(binary.json().errors).toEqual({ upload: [zipMessages.broken] });
    const xlsx = await upload(owner, Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0, 0, 1, 2]), 'export.xls');
    expect(xlsx.statusCode).toBe(422);
    expect(xlsx.json().errors).toEqual({ upload: [audienceMessages.uploadUnreadable] });
  });

  it('a form without the file (422)', async () => {
    const { body, headers } = multipart('datei', 'export.csv', 'text/csv', Buffer.from('Datum;Downloads\n'));
    const wrongField = await owner.post(`/api/podcasts/${podcastId}/audience-uploads`, body, headers);
    expect(wrongField.statusCode).toBe(422);
    expect(wrongField.json().errors).toEqual({ upload: [audienceMessages.uploadMissing] });
    const noForm = await owner.post(`/api/podcasts/${podcastId}/audience-uploads`, { upload: 'x' });
    expect(noForm.statusCode).toBe(422);
  });

  it('an empty file says that the file is empty, not that none was chosen (422)', async () => {
    for (const bytes of [Buffer.alloc(0), Buffer.from('\uFEFF\r\n \n', 'utf8')]) {
      const empty = await upload(owner, bytes, 'downloads.csv');
      expect(empty.statusCode).toBe(422);
      expect(empty.json()).toEqual({
        message: audienceMessages.uploadEmpty('downloads.csv'),
        errors: { upload: [audienceMessages.uploadEmpty('downloads.csv')] },
      });
    }
    expect(audienceMessages.uploadEmpty('downloads.csv')).toBe(
      'Die Datei „downloads.csv“ ist leer. Lade den Export erneut herunter und wähle ihn noch einmal.',
    );
  });

  it('a mapping that does not fit the columns, per field, and keeps the upload', async () => {
    const preview = await upload(owner, 'Datum;Downloads;Notiz\n01.01.2027;5;x\n');
    const { id } = preview.json().data;
    const wrong = await commit(owner, id, { date: 'Downloads', downloads: 'Notiz', plays: 'Fehlt' });
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json().errors).toEqual({
      'mapping.date': ['In dieser Spalte stehen keine Datumswerte.'],
      'mapping.downloads': ['In dieser Spalte stehen keine Zahlen.'],
      'mapping.plays': [audienceMessages.columnUnknown],
    });
    const none = await commit(owner, id, { date: 'Datum' });
    expect(none.json().errors).toEqual({ mapping: [audienceMessages.noSeries] });
    expect((await commit(owner, id, { date: 'Datum', downloads: 'Downloads' })).statusCode).toBe(200);
    const twice = await commit(owner, id, { date: 'Datum', downloads: 'Downloads' });
    expect(twice.statusCode).toBe(404);
    expect(twice.json().message).toBe(audienceMessages.uploadNotFound);
  });

  it('stores an upload once when two commits of it arrive at the same time', async () => {
    const preview = await upload(owner, 'Datum;Downloads\n05.01.2027;5\n06.01.2027;6\n');
    const mapping = { date: 'Datum', downloads: 'Downloads' };
    const answers = await Promise.all([1, 2].map(() => commit(owner, preview.json().data.id, mapping)));
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 404]);
  });

  it('leaves out pending uploads older than a day', async () => {
    const old = await upload(owner, 'Datum;Downloads\n01.02.2027;5\n');
    t.clock.advance(25 * 3_600_000);
    await upload(owner, 'Datum;Downloads\n02.02.2027;5\n');
    t.clock.advance(-25 * 3_600_000);
    const gone = await commit(owner, old.json().data.id, { date: 'Datum', downloads: 'Downloads' });
    expect(gone.statusCode).toBe(404);
  });
});

describe('GET audience', () => {
  it('refuses more than two years and a range that ends before it begins (422)', async () => {
    const long = await owner.get(`/api/podcasts/${podcastId}/audience?from=2024-01-01&to=2026-12-31`);
    expect(long.statusCode).toBe(422);
    expect(long.json().errors).toEqual({ from: ['Bitte wähle höchstens zwei Jahre auf einmal.'] });
    const reversed = await owner.get(`/api/podcasts/${podcastId}/audience?from=2026-12-02&to=2026-12-01`);
    expect(reversed.json().errors).toEqual({ from: ['Der Beginn muss vor dem Ende liegen.'] });
  });

  it('reads the 12 months up to `to` when no start is given, up to today without either', async () => {
    const { days } = await audience('to=2027-11-15');
    expect(days[0]?.date).toBe('2026-11-16');
    expect(days.at(-1)?.date).toBe('2027-01-06');
    const today = t.clock.now().toISOString().slice(0, 10);
    const all = (await audience('')).days.map((d) => d.date as string);
    expect(all.every((day) => day <= today)).toBe(true);
  });

  it('counts a feed episode by its first 7 days where no source counts episodes', async () => {
    await t.db
      .insertInto('episodes')
      .values([
        { podcast_id: podcastId, guid: 'e1', title: 'Folge 1', published_at: '2026-11-03T05:00:00.000Z' },
        { podcast_id: podcastId, guid: 'e2', title: 'Folge 2', published_at: '2026-12-08T05:00:00.000Z' },
      ])
      .execute();
    const { episodes, days } = await audience('from=2026-11-01&to=2026-12-31');
    const week = days.filter((d) => (d.date as string) >= '2026-11-03' && (d.date as string) <= '2026-11-09');
    expect(episodes).toEqual([
      {
        title: 'Folge 1',
        published_on: '2026-11-03',
        downloads_7: week.reduce((s, d) => s + (d.downloads as number), 0),
      },
      // 08.–14.12.: the 12th and 13th have no downloads figure.
      { title: 'Folge 2', published_on: '2026-12-08', downloads_7: null },
    ]);
  });

  it("takes a source's own per-episode counts where it has them", async () => {
    const op3 = await audienceSource(t, podcastId, 'op3');
    const counts = { downloads_1: 10, downloads_3: 20, downloads_30: null, downloads_all: 90 };
    await t.db
      .insertInto('audience_episodes')
      .values([
        {
          source_id: op3,
          podcast_id: podcastId,
          item_guid: 'e2',
          title: 'Folge 2',
          published_on: '2026-12-08',
          downloads_7: 42,
          ...counts,
        },
        {
          source_id: op3,
          podcast_id: podcastId,
          item_guid: 'e0',
          title: 'Alt',
          published_on: '2025-01-01',
          downloads_7: 1,
          ...counts,
        },
      ])
      .execute();
    const { episodes } = await audience('from=2026-11-01&to=2026-12-31');
    expect(episodes).toEqual([{ title: 'Folge 2', published_on: '2026-12-08', downloads_7: 42 }]);
  });
});
