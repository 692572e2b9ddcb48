// A podcast's daily downloads as a spreadsheet export would hold them (German dates and numbers,
// semicolons), generated for the audience journey: a weekday pattern, a little deterministic noise,
// and optionally a jump by `factor` over a span of days (an experiment's injected effect).
import { expect, type Page } from '@playwright/test';
import { addDays } from '../../../src/shared/calendar.ts';
import { apiWrite, xsrfHeaders } from './accounts.ts';

export type GeneratedDay = { date: string; downloads: number };

/** Monday's share is highest (releases on Monday), the weekend lowest. */
const WEEKDAY = [1.35, 1.1, 1.0, 0.95, 0.9, 0.75, 0.7];

export function generateDownloads({
  to,
  days,
  base = 1200,
  jump,
}: {
  to: string;
  days: number;
  base?: number;
  jump?: { from: string; to: string; factor: number };
}): GeneratedDay[] {
  let seed = 7;
  const noise = () => {
    seed = (seed * 48271) % 2147483647;
    return 0.95 + (seed / 2147483647) * 0.1;
  };
  return Array.from({ length: days }, (_, i) => {
    const date = addDays(to, i - days + 1);
    const weekday = (new Date(`${date}T00:00:00Z`).getUTCDay() + 6) % 7;
    const lift = jump && date >= jump.from && date <= jump.to ? jump.factor : 1;
    return { date, downloads: Math.round(base * WEEKDAY[weekday]! * noise() * lift) };
  });
}

const german = new Intl.NumberFormat('de-DE');
const germanDate = (date: string) => date.split('-').reverse().join('.');

/** `Tag;Zahl` rows ('30.11.2026;1.234'), plus any extra raw lines at the end. */
export function toCsv(days: GeneratedDay[], extra: string[] = []): Buffer {
  const lines = [
    'Tag;Zahl',
    ...days.map((d) => `${germanDate(d.date)};${german.format(d.downloads)}`),
    ...extra,
  ];
  return Buffer.from(`${lines.join('\r\n')}\r\n`, 'utf8');
}

/**
 * Arranges a podcast's downloads through the API, as the upload screen sends them: `days` as a
 * CSV upload, committed with the columns mapped ('Tag' the date, 'Zahl' the downloads).
 */
export async function uploadDownloads(page: Page, podcastId: number, days: GeneratedDay[]) {
  const base = `/api/podcasts/${podcastId}`;
  const uploaded = await page.request.post(`${base}/audience-uploads`, {
    headers: await xsrfHeaders(page),
    multipart: { upload: { name: 'downloads.csv', mimeType: 'text/csv', buffer: toCsv(days) } },
  });
  expect(uploaded.status(), await uploaded.text()).toBe(201);
  const { id } = ((await uploaded.json()) as { data: { id: number } }).data;
  await apiWrite(page, 'POST', `${base}/audience-uploads/${id}:commit`, {
    mapping: { date: 'Tag', downloads: 'Zahl' },
  });
}
