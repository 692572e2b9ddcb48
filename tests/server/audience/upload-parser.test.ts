// The upload parser on files in the shapes of real exports (tests/fixtures/audience/): separator,
// header below title lines, column kinds, the guessed mapping and every day read as the export
// meant it, German and English.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { checkMapping, guessMapping, readMapped } from '../../../src/server/audience/upload-mapping.ts';
import { decodeUpload, parseUpload } from '../../../src/server/audience/upload-parser.ts';

function load(name: string) {
  const text = decodeUpload(readFileSync(new URL(`../../fixtures/audience/${name}`, import.meta.url)));
  const parsed = text === null ? null : parseUpload(text);
  if (!parsed) throw new Error(`${name} not readable`);
  return parsed;
}

function kinds(parsed: ReturnType<typeof load>) {
  return Object.fromEntries(parsed.columns.map((c) => [c.name, c.kind]));
}

function importOf(name: string) {
  const parsed = load(name);
  const mapping = guessMapping(parsed.columns);
  if (!mapping.date) throw new Error('no date guessed');
  const full = { ...mapping, date: mapping.date };
  expect(checkMapping(parsed.columns, full)).toBeNull();
  return { parsed, mapping, ...readMapped(parsed, full) };
}

describe('exports of the hosts and platforms', () => {
  it('Apple Podcasts Connect (tab-separated, BOM, CRLF, percent signs)', () => {
    const { parsed, mapping, rows, errors } = importOf('apple-podcasts-connect.txt');
    expect(parsed.columns.map((c) => c.name)[0]).toBe('Date');
    expect(kinds(parsed)).toMatchObject({
      Date: 'date',
      Listeners: 'number',
      'Average Consumption': 'number',
    });
    expect(mapping).toEqual({
      date: 'Date',
      listeners: 'Listeners',
      plays: 'Plays',
      followers: 'Followers',
      consumption: 'Average Consumption',
    });
    expect(errors).toEqual([]);
    expect(rows).toHaveLength(30);
    expect(rows[2]).toEqual({
      day: '2026-11-03',
      listeners: 1237,
      plays: 2374,
      followers: 1202,
      consumption: 43,
    });
    expect(rows[1]?.consumption).toBe(41.5);
  });

  it('Spotify for Creators (CSV, quoted, English thousands)', () => {
    const { mapping, rows } = importOf('spotify-for-creators.csv');
    expect(mapping).toEqual({
      date: 'Date',
      listeners: 'Audience size',
      followers: 'Followers',
      plays: 'Streams',
    });
    expect(rows[2]).toEqual({ day: '2026-11-03', listeners: 4948, followers: 3406, plays: 2474 });
  });

  it('Podigee (German semicolons, 01.12.2026, 1.234, 45,5 %)', () => {
    const { parsed, mapping, rows, errors } = importOf('podigee.csv');
    expect(parsed.columns[0]?.samples).toEqual(['01.11.2026', '02.11.2026', '03.11.2026']);
    expect(mapping).toEqual({
      date: 'Datum',
      downloads: 'Downloads',
      listeners: 'Hörer',
      consumption: 'Durchschnittlich gehört',
    });
    expect(errors).toEqual([]);
    expect(rows[2]).toEqual({ day: '2026-11-03', downloads: 2474, listeners: 1237, consumption: 43 });
    expect(rows[1]?.consumption).toBe(41.5);
  });

  it('Buzzsprout (US month/day/year)', () => {
    const { rows } = importOf('buzzsprout.csv');
    expect(rows.map((r) => r.day).slice(0, 2)).toEqual(['2026-11-01', '2026-11-02']);
    expect(rows[29]).toEqual({ day: '2026-11-30', downloads: 1173 });
  });

  it('Castopod (a time after the date, plain numbers)', () => {
    const { mapping, rows } = importOf('castopod.csv');
    expect(mapping).toEqual({ date: 'date', downloads: 'hits' });
    expect(rows[2]).toEqual({ day: '2026-11-03', downloads: 2474 });
  });

  it('Podbean (title line above the header, month names, quotes inside quotes)', () => {
    const { parsed, rows } = importOf('podbean.csv');
    expect(kinds(parsed)).toEqual({ Date: 'date', Downloads: 'number', Episode: 'text' });
    expect(parsed.columns[2]?.samples[0]).toBe('Folge 1, Teil "1"');
    expect(parsed.records[0]?.line).toBe(3);
    expect(rows[2]).toEqual({ day: '2026-11-03', downloads: 2474 });
  });

  it('a German spreadsheet (Windows-1252, title lines, 1.11.26, 1.185,0, a total line)', () => {
    const { parsed, mapping, rows, errors } = importOf('spreadsheet-de.csv');
    expect(parsed.columns.map((c) => c.name)).toEqual(['Tag', 'Abrufe', 'Wiedergaben', 'Bemerkung']);
    expect(mapping).toEqual({ date: 'Tag', downloads: 'Abrufe', plays: 'Wiedergaben' });
    expect(rows).toHaveLength(30);
    expect(rows[29]).toEqual({ day: '2026-11-30', downloads: 1173, plays: 1185 });
    expect(errors).toEqual([{ line: 35, message: '„Summe“ ist kein Datum.' }]);
  });
});

describe('what the parser decides', () => {
  const parse = (text: string) => parseUpload(text);

  it('reads day/month/year slashes when a first part is above 12, month/day/year otherwise', () => {
    const dm = parse('Date,Downloads\n13/11/2026,5\n14/11/2026,6\n');
    const md = parse('Date,Downloads\n11/13/2026,5\n11/14/2026,6\n');
    const near = parse('Date,Downloads\n01/11/2026,5\n02/11/2026,6\n03/11/2026,7\n');
    const read = (p: ReturnType<typeof parse>) =>
      readMapped(p!, { date: 'Date', downloads: 'Downloads' }).rows[0]?.day;
    expect(read(dm)).toBe('2026-11-13');
    expect(read(md)).toBe('2026-11-13');
    // Every part fits both orders: day first puts the days next to each other.
    expect(read(near)).toBe('2026-11-01');
  });

  it('decides the decimal mark from the whole column', () => {
    const p = parse('Datum;A;B;C\n01.11.2026;1.234;1.234;0,5\n02.11.2026;2.345;12,5;0,25\n')!;
    const { rows } = readMapped(p, { date: 'Datum', downloads: 'A', plays: 'B', consumption: 'C' });
    // A: only thousands; B: 12,5 makes the comma the decimal mark (rounded as a count);
    // C: shares between 0 and 1 without % are fractions.
    expect(rows).toEqual([
      { day: '2026-11-01', downloads: 1234, plays: 1234, consumption: 50 },
      { day: '2026-11-02', downloads: 2345, plays: 13, consumption: 25 },
    ]);
  });

  it('lists unreadable rows with their line and why, and no figure is no error', () => {
    const text =
      'Date,Downloads,Plays\r\n2026-11-01,10,"1\r\n2"\r\n2026-11-02,abc,\r\n,5,\r\n2026-11-01,7,\r\n2026-11-03,-,-\r\n2026-11-04,-3,\r\n';
    const p = parse(text)!;
    const { rows, errors } = readMapped(p, { date: 'Date', downloads: 'Downloads' });
    expect(rows).toEqual([{ day: '2026-11-01', downloads: 10 }, { day: '2026-11-03' }]);
    expect(errors).toEqual([
      { line: 4, message: '„abc“ in „Downloads“ ist keine Zahl.' },
      { line: 5, message: 'Das Datum fehlt.' },
      { line: 6, message: 'Den 01.11.2026 gibt es schon in Zeile 2.' },
      { line: 8, message: '„-3“ in „Downloads“ ist negativ.' },
    ]);
  });

  it('refuses a file without a header row, a single column and a binary file', () => {
    expect(parse('2026-11-01,5\n2026-11-02,6\n')).toBeNull();
    expect(parse('Downloads\n5\n6\n')).toBeNull();
    expect(decodeUpload(Buffer.from([0x50, 0x4b, 0x03, 0x04, 0x00, 0x00]))).toBeNull();
  });

  it('names empty and repeated headers, takes Excel’s sep= line, and the shape ignores case and spaces', () => {
    const p = parse('sep=;\nDatum;Downloads;;Downloads\n01.11.2026;1;x;2\n')!;
    expect(p.columns.map((c) => c.name)).toEqual(['Datum', 'Downloads', 'Spalte 3', 'Downloads (2)']);
    expect(p.records[0]?.line).toBe(3);
    const a = parse('Datum,Downloads\n01.11.2026,1\n')!;
    const b = parse('" datum ";DOWNLOADS\n02.11.2026;5\n')!;
    const c = parse('Datum,Hörer\n01.11.2026,1\n')!;
    expect(a.shape).toBe(b.shape);
    expect(a.shape).not.toBe(c.shape);
  });

  it('checks a mapping against the columns, per field, in German', () => {
    const p = parse('Datum;Downloads;Notiz\n01.11.2026;1;x\n')!;
    expect(checkMapping(p.columns, { date: 'Downloads', downloads: 'Notiz', plays: 'Fehlt' })).toEqual({
      'mapping.date': ['In dieser Spalte stehen keine Datumswerte.'],
      'mapping.downloads': ['In dieser Spalte stehen keine Zahlen.'],
      'mapping.plays': ['Diese Spalte gibt es in der Datei nicht.'],
    });
    expect(checkMapping(p.columns, { date: 'Datum' })).toEqual({
      mapping: ['Bitte ordne mindestens einer Kennzahl eine Spalte zu.'],
    });
  });
});
