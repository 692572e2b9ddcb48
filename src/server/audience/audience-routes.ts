// GET /api/podcasts/{id}/audience: the podcast's audience days merged across its sources and its
// episodes by their first 7 days. Every role reads it (audience.read), Basic and Pro alike.
//
// Entscheidung AUD-9, its rules:
// - Range: `to` defaults to today (UTC, OP3's days), `from` to 364 days before `to` (the last 12
//   months). At most 731 days per request (two years); more is a German 422, as is `from` after `to`.
// - Episodes: where a source counts them per episode (OP3's audience_episodes), those counts, the
//   winning source's per episode. Otherwise the feed's episodes published in the range, with the
//   show's downloads on the release day and the 6 days after: an estimate, since an episode's
//   days also hold the other episodes' downloads; null until all 7 days have a figure.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { idParam } from '../../shared/api.ts';
import { audienceQuery, audienceResource } from '../../shared/audience.ts';
import { requirePodcast } from '../access/guard.ts';
import type { AppContext } from '../context.ts';
import type { Db } from '../db/database.ts';
import { invalid } from '../http/errors.ts';
import { nextDay, readAudienceDays, readReleases, type DayRange } from './audience-days.ts';

const DAY_MS = 86_400_000;
export const MAX_RANGE_DAYS = 731;
export const rangeMessages = {
  tooLong: 'Bitte wähle höchstens zwei Jahre auf einmal.',
  reversed: 'Der Beginn muss vor dem Ende liegen.',
};

const shift = (day: string, days: number) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);

export function audienceRange(query: { from?: string; to?: string }, now: Date): DayRange {
  const to = query.to ?? now.toISOString().slice(0, 10);
  const from = query.from ?? shift(to, -364);
  const span = (Date.parse(to) - Date.parse(from)) / DAY_MS + 1;
  if (span < 1) throw invalid({ from: [rangeMessages.reversed] });
  if (span > MAX_RANGE_DAYS) throw invalid({ from: [rangeMessages.tooLong] });
  return { from, to };
}

type Episode = { title: string; published_on: string | null; downloads_7: number | null };

async function countedEpisodes(db: Db, podcastId: number, { from, to }: DayRange) {
  const rows = await db
    .selectFrom('audience_episodes as e')
    .innerJoin('audience_sources as s', 's.id', 'e.source_id')
    .select(['e.item_guid', 'e.title', 'e.published_on', 'e.downloads_7', 's.type'])
    .where('e.podcast_id', '=', podcastId)
    .execute();
  if (rows.length === 0) return null;
  const byGuid = new Map<string, (typeof rows)[number]>();
  for (const row of rows) {
    const kept = byGuid.get(row.item_guid);
    if (!kept || (row.type === 'op3' && kept.type !== 'op3')) byGuid.set(row.item_guid, row);
  }
  return [...byGuid.values()]
    .filter((row) => row.published_on === null || (row.published_on >= from && row.published_on <= to))
    .sort((a, b) => (a.published_on ?? '').localeCompare(b.published_on ?? ''))
    .map(({ title, published_on, downloads_7 }): Episode => ({ title, published_on, downloads_7 }));
}

async function estimatedEpisodes(db: Db, podcastId: number, range: DayRange) {
  const releases = await readReleases(db, podcastId, range);
  if (releases.length === 0) return [];
  const days = await readAudienceDays(db, podcastId, { from: range.from, to: shift(range.to, 6) });
  const downloads = new Map(days.map((d) => [d.date, d.downloads]));
  return releases.map((release): Episode => {
    let sum: number | null = 0;
    for (let day = release.day, i = 0; i < 7; i++, day = nextDay(day)) {
      const value = downloads.get(day);
      sum = value === undefined || value === null || sum === null ? null : sum + value;
    }
    return { title: release.title, published_on: release.day, downloads_7: sum };
  });
}

export function audienceRoutes(app: FastifyInstance, { db, clock }: AppContext) {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/api/podcasts/:id/audience',
    {
      schema: { params: idParam, querystring: audienceQuery, response: { 200: audienceResource } },
      config: { podcast: { action: 'audience.read' } },
    },
    async (request) => {
      const podcastId = requirePodcast(request).podcast.id;
      const range = audienceRange(request.query, clock.now());
      const [days, counted] = await Promise.all([
        readAudienceDays(db, podcastId, range),
        countedEpisodes(db, podcastId, range),
      ]);
      const episodes = counted ?? (await estimatedEpisodes(db, podcastId, range));
      return { data: { days, episodes } };
    },
  );
}
