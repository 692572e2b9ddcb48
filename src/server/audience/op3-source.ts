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
// OP3 had not counted it yet). Decision 2026-12-01.
import { createHash } from 'node:crypto';
import { addDays } from '../../shared/calendar.ts';
import type { Op3Client } from './op3-client.ts';
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
};

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

function episodeRows(counts: Awaited<ReturnType<Op3Client['episodeCounts']>>): AudienceEpisodeRow[] {
  return counts.episodes.flatMap((e) =>
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
  { started, signal }: { started: boolean; signal?: AbortSignal },
): AudienceReader {
  return {
    async *read(range, cursorText): AsyncGenerator<AudienceBatch> {
      let days: AudienceDayRow[] = [];
      if (range.from <= range.to) {
        const kept = cursorText ? (JSON.parse(cursorText) as Cursor) : null;
        const c: Cursor = kept ?? {
          ...range,
          token: null,
          day: null,
          count: 0,
          next: started ? range.from : null,
        };
        const zerosBefore = (end: string) => {
          for (; c.next !== null && c.next < end; c.next = addDays(c.next, 1))
            days.push({ day: c.next, downloads: 0 });
        };
        const close = () => {
          if (c.day === null) return;
          days.push({ day: c.day, downloads: c.count });
          c.next = addDays(c.day, 1);
        };
        for (;;) {
          const page = await client.downloads(
            showUuid,
            { start: range.from, end: addDays(range.to, 1), continuationToken: c.token },
            signal,
          );
          for (const { time } of page.rows) {
            const day = time.slice(0, 10);
            if (day < range.from || day > range.to) continue;
            if (day === c.day) {
              c.count++;
              continue;
            }
            close();
            zerosBefore(day);
            c.day = day;
            c.count = 1;
          }
          c.token = page.continuationToken ?? null;
          if (!c.token) break;
          yield { days, cursor: JSON.stringify(c) };
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
