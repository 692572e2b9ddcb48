// OP3 as an audience source: find the podcast's show, then read its daily downloads and the
// per-episode counts through the source interface (source.ts).
//
// Finding the show: OP3 looks a show up by base64url(feed URL) or by its podcast:guid. We keep
// the feed's address (`podcasts.rss_uri`) but not its podcast:guid, so we ask for the feed URL
// first and then for the podcast:guid the Podcast Namespace derives from that URL (UUIDv5 of the
// address without scheme and trailing slashes) — the guid most hosts write into the feed.
//
// Daily downloads: OP3 rolls up no per-day series, so a day's figure is the number of its single
// downloads (GET /downloads/show, bots excluded), counted by UTC day (OP3's day boundary; the
// screens say so). A page ends anywhere inside a day, so the day being counted travels in the
// cursor with OP3's continuation token, and a day is handed out only once it is complete. A day
// without a download is 0 once the show has started (before its first download it is absent:
// OP3 had not counted it yet).
import { createHash } from 'node:crypto';
import { addDays, daysBetween } from '../../shared/calendar.ts';
import { OP3_EPISODE_LIMIT, OP3_PAGE_LIMIT, type Op3Client, type Op3DownloadsPage } from './op3-client.ts';
import {
  SourceError,
  type AudienceBatch,
  type AudienceDayRow,
  type AudienceEpisodeRow,
  type AudienceReader,
  type DayRange,
} from './source.ts';
import { audienceMessages } from '../../shared/audience.ts';

/** OP3's path id for a feed URL. */
export const feedUrlId = (feedUrl: string) => Buffer.from(feedUrl, 'utf8').toString('base64url');

const PODCAST_NAMESPACE = 'ead4c236-bf58-58c6-a2c6-a6b28d128cb6';

/** The podcast:guid the Podcast Namespace derives from a feed URL (UUIDv5). */
export function podcastGuidOf(feedUrl: string) {
  const name = feedUrl
    .trim()
    .replace(/^[a-z][a-z0-9+.-]*:\/\//i, '')
    .replace(/\/+$/, '');
  const hash = createHash('sha1')
    .update(Buffer.from(PODCAST_NAMESPACE.replaceAll('-', ''), 'hex'))
    .update(name, 'utf8')
    .digest()
    .subarray(0, 16);
  hash[6] = (hash[6]! & 0x0f) | 0x50;
  hash[8] = (hash[8]! & 0x3f) | 0x80;
  const hex = hash.toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/** The podcast's show at OP3; SourceError 'show' when OP3 knows neither its feed nor its guid. */
export async function resolveShow(client: Op3Client, feedUrl: string, signal?: AbortSignal) {
  for (const id of [feedUrlId(feedUrl), podcastGuidOf(feedUrl)]) {
    const show = await client.show(id, signal);
    if (show) return show;
  }
  throw new SourceError('show', audienceMessages.showUnknown);
}

/** Where an interrupted read resumes: OP3's token and the day being counted. */
type Cursor = DayRange & {
  token: string | null;
  /** The day counted so far (its count is incomplete until a later row or the range's end). */
  day: string | null;
  count: number;
  /** The next day to hand out as 0 if no download comes first; null: the show has not started. */
  next: string | null;
  /** Pages of this range read so far (a cursor saved before 2026-12-06 has none: 0). */
  pages?: number;
  /** The time of the last row counted, and the identities of the rows counted at that time. */
  last?: string | null;
  atLast?: string[];
};

/**
 * Bounds of one read (Entscheidung AUD-2). OP3 answers its rows in
 * ascending time and sends a token only with a full page of new rows (api_query_downloads.ts), so
 * the read ends with SourceError('answer') when a token comes again, when a page with a token
 * brings no new row, when the pages exceed what the range's days can fill at `maxDayDownloads`
 * each, when a day counts more than `maxDayDownloads`, or when more than `maxAtOnce` rows share
 * one instant. A row is counted once: one older than the last counted row, or the same row
 * (time, listener, episode) again, is passed over — so no day holds more downloads than distinct
 * rows came for it, also across a resume (the last row's time and identities travel in the cursor).
 */
export type Op3Limits = { maxDayDownloads: number; maxAtOnce: number };
/** More than the largest podcasts' downloads in a day; a day above it is not a podcast's day. */
export const OP3_LIMITS: Op3Limits = { maxDayDownloads: 1_000_000, maxAtOnce: 1_000 };

const germanDay = (day: string) => day.split('-').reverse().join('.');
const stopped =
  ' Wir haben das Laden beendet und versuchen es morgen erneut; die bisher geladenen Tage bleiben.';
/** Why a read ended on what OP3 answered (the source's message in 'Hörerzahlen'). */
export const op3AnswerMessages = {
  repeatedPage: `OP3 hat dieselbe Seite mehrmals geschickt.${stopped}`,
  noNewRows: `OP3 hat eine Seite ohne neue Downloads geschickt.${stopped}`,
  tooManyPages: `OP3 hat mehr Seiten geschickt, als der Zeitraum haben kann.${stopped}`,
  tooManyDownloads: (day: string) =>
    `OP3 hat für den ${germanDay(day)} mehr Downloads geschickt, als ein Tag haben kann.${stopped}`,
};
const wrongAnswer = (message: string) => new SourceError('answer', message);

/** The pages a range can fill: its days at `maxDayDownloads`, in OP3's pages, and the last one. */
const maxPages = (range: DayRange, limits: Op3Limits) =>
  Math.ceil(((daysBetween(range.from, range.to) + 1) * limits.maxDayDownloads) / OP3_PAGE_LIMIT) + 1;

type Row = Op3DownloadsPage['rows'][number];
const identity = (row: Row) => `${row.audienceId ?? ''} ${row.episodeId ?? row.url ?? ''}`;

/** The range an interrupted read was reading (resume it with the same range). */
export function cursorRange(cursor: string | null): DayRange | null {
  if (!cursor) return null;
  try {
    const { from, to } = JSON.parse(cursor) as Partial<Cursor>;
    return typeof from === 'string' && typeof to === 'string' ? { from, to } : null;
  } catch {
    return null;
  }
}

const isoDay = /^\d{4}-\d{2}-\d{2}$/;

/**
 * The episodes' counts, the newest OP3_EPISODE_LIMIT of them (the number asked for): an answer
 * with more (a server ignoring `limit`) stores no more rows than a year of a daily show
 * (decision 2026-12-07, like the bounds of the downloads' pages).
 */
function episodeRows(counts: Awaited<ReturnType<Op3Client['episodeCounts']>>): AudienceEpisodeRow[] {
  const newest = [...counts.episodes]
    .sort((a, b) => (b.pubdate ?? '').localeCompare(a.pubdate ?? ''))
    .slice(0, OP3_EPISODE_LIMIT);
  return newest.flatMap((e) =>
    e.itemGuid
      ? [
          {
            item_guid: e.itemGuid,
            title: e.title ?? '',
            published_on: e.pubdate && isoDay.test(e.pubdate.slice(0, 10)) ? e.pubdate.slice(0, 10) : null,
            downloads_1: e.downloads1 ?? null,
            downloads_3: e.downloads3 ?? null,
            downloads_7: e.downloads7 ?? null,
            downloads_30: e.downloads30 ?? null,
            downloads_all: e.downloadsAll ?? null,
          },
        ]
      : [],
  );
}

/**
 * The reader of one OP3 show. `started`: the source already holds days, so a day of the range
 * without a download is 0 from the range's first day on.
 */
export function op3Reader(
  client: Op3Client,
  showUuid: string,
  { started, signal, limits = OP3_LIMITS }: { started: boolean; signal?: AbortSignal; limits?: Op3Limits },
): AudienceReader {
  return {
    async *read(range, cursorText): AsyncGenerator<AudienceBatch> {
      let days: AudienceDayRow[] = [];
      if (range.from <= range.to) {
        const kept = cursorText ? (JSON.parse(cursorText) as Cursor) : null;
        const c: Required<Cursor> = {
          ...range,
          token: null,
          day: null,
          count: 0,
          next: started ? range.from : null,
          pages: 0,
          last: null,
          atLast: [],
          ...kept,
        };
        const atLast = new Set(c.atLast);
        const seen = new Set(c.token ? [c.token] : []);
        const pageLimit = maxPages(range, limits);
        const zerosBefore = (end: string) => {
          for (; c.next !== null && c.next < end; c.next = addDays(c.next, 1))
            days.push({ day: c.next, downloads: 0 });
        };
        const close = () => {
          if (c.day === null) return;
          days.push({ day: c.day, downloads: c.count });
          c.next = addDays(c.day, 1);
        };
        /** Whether the row is new (then it is remembered as counted). */
        const fresh = (row: Row) => {
          if (c.last !== null && row.time < c.last) return false;
          const id = identity(row);
          if (row.time !== c.last) {
            c.last = row.time;
            atLast.clear();
          } else if (atLast.has(id)) return false;
          atLast.add(id);
          if (atLast.size > limits.maxAtOnce)
            throw wrongAnswer(op3AnswerMessages.tooManyDownloads(row.time.slice(0, 10)));
          return true;
        };
        for (;;) {
          if (c.pages >= pageLimit) throw wrongAnswer(op3AnswerMessages.tooManyPages);
          const page = await client.downloads(
            showUuid,
            { start: range.from, end: addDays(range.to, 1), continuationToken: c.token },
            signal,
          );
          c.pages++;
          let counted = 0;
          for (const row of page.rows) {
            const day = row.time.slice(0, 10);
            if (day < range.from || day > range.to || !fresh(row)) continue;
            counted++;
            if (day === c.day) {
              if (++c.count > limits.maxDayDownloads)
                throw wrongAnswer(op3AnswerMessages.tooManyDownloads(day));
              continue;
            }
            close();
            zerosBefore(day);
            c.day = day;
            c.count = 1;
          }
          const token = page.continuationToken ?? null;
          if (!token) break;
          if (counted === 0) throw wrongAnswer(op3AnswerMessages.noNewRows);
          if (seen.has(token)) throw wrongAnswer(op3AnswerMessages.repeatedPage);
          seen.add(token);
          c.token = token;
          yield { days, cursor: JSON.stringify({ ...c, atLast: [...atLast] }) };
          days = [];
        }
        close();
        zerosBefore(addDays(range.to, 1));
      }
      const episodes = episodeRows(await client.episodeCounts(showUuid, signal));
      yield { days, episodes, cursor: null };
    },
  };
}
