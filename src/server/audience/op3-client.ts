// OP3's API (https://op3.dev/api/1, OP3_API_URL) as its own code answers (skymethod/op3,
// worker/routes/api.ts, api_shows.ts, api_queries.ts, api_query_downloads.ts, api_query_common.ts):
// - every call carries the bearer token in `Authorization`; a missing, expired or blocked token is
//   401, an unknown one 403 ({ error });
// - GET /shows/{showUuid | podcastGuid | base64url(feedUrl)} → { showUuid, title, podcastGuid,
//   statsPageUrl }, 404 { message: 'not found' } for a show OP3 has not seen;
// - GET /queries/episode-download-counts?showUuid=&limit= → { showUuid, showTitle, episodes:
//   [{ itemGuid, title, pubdate, downloads1?, downloads3, downloads7, downloads30, downloadsAll }] }
//   (limit defaults to 8; downloads1 only in newer versions; 404 also for a show without data);
// - GET /downloads/show/{showUuid}?start=&end=&format=json&limit=&bots=exclude&continuationToken=
//   → { rows: [{ time, … }], count, queryTime, continuationToken? } ascending by time, `start`
//   inclusive, `end` exclusive, at most 20,000 rows a page;
// - a per-address limiter answers 429.
// Every call goes through the guarded fetch's parts (feeds/safe-fetch.ts: the address policy, a
// pinned connection, a size and a time limit). The token goes only into the header, never into a
// URL, an error or a log line.
import { z } from 'zod';
import { audienceMessages } from '../../shared/audience.ts';
import type { Op3Config } from '../config.ts';
import { checkedTarget, pinnedRequest, readBody } from '../feeds/safe-fetch.ts';
import { refuseInTransaction } from '../db/transaction-scope.ts';
import { SourceError } from './source.ts';

/** OP3's largest page of single downloads. */
export const OP3_PAGE_LIMIT = 20_000;
/** Episodes asked for per-episode counts: a year of a daily show. */
export const OP3_EPISODE_LIMIT = 400;
/** A page of 20,000 JSON rows is ~12 MB; room for longer rows. */
const MAX_BYTES = 64 * 1024 * 1024;

const show = z.object({
  showUuid: z.string().regex(/^[0-9a-f]{32}$/),
  title: z.string().nullish(),
  podcastGuid: z.string().nullish(),
});
export type Op3Show = z.infer<typeof show>;

const count = z.number().nullish();
const episodeCounts = z.object({
  showTitle: z.string().nullish(),
  episodes: z.array(
    z.object({
      itemGuid: z.string().nullish(),
      title: z.string().nullish(),
      pubdate: z.string().nullish(),
      downloads1: count,
      downloads3: count,
      downloads7: count,
      downloads30: count,
      downloadsAll: count,
    }),
  ),
});
export type Op3EpisodeCounts = z.infer<typeof episodeCounts>;

// A row's identity for counting it once (op3-source.ts): its time, listener and episode.
const downloadsPage = z.object({
  rows: z.array(
    z.object({
      time: z.string().regex(/^\d{4}-\d{2}-\d{2}T/),
      audienceId: z.string().nullish(),
      episodeId: z.string().nullish(),
      url: z.string().nullish(),
    }),
  ),
  continuationToken: z.string().nullish(),
});
export type Op3DownloadsPage = z.infer<typeof downloadsPage>;

export type Op3Client = {
  /** The show, or null when OP3 does not know it (404). */
  show(idOrGuidOrFeedBase64: string, signal?: AbortSignal): Promise<Op3Show | null>;
  episodeCounts(showUuid: string, signal?: AbortSignal): Promise<Op3EpisodeCounts>;
  /** One page of single downloads (bots excluded) from `start` (inclusive) to `end` (exclusive). */
  downloads(
    showUuid: string,
    page: { start: string; end: string; continuationToken?: string | null },
    signal?: AbortSignal,
  ): Promise<Op3DownloadsPage>;
};

const unreachable = () => new SourceError('unreachable', audienceMessages.unreachable);

/** Seconds of a Retry-After header given in seconds (OP3 sends none today). */
const retryAfter = (value: string | string[] | undefined) =>
  typeof value === 'string' && /^\d{1,6}$/.test(value.trim()) ? Number(value) : undefined;

export function op3Client(config: Op3Config, token: string): Op3Client {
  async function get<T>(
    path: string,
    params: Record<string, string>,
    schema: z.ZodType<T>,
    signal?: AbortSignal,
  ) {
    refuseInTransaction('A call to OP3');
    const url = new URL(`${config.apiUrl}${path}`);
    for (const [name, value] of Object.entries(params)) url.searchParams.set(name, value);
    const controller = new AbortController();
    const abort = () => controller.abort(unreachable());
    const timer = setTimeout(abort, config.timeoutMs);
    signal?.addEventListener('abort', abort, { once: true });
    try {
      const options = {
        ...config,
        maxBytes: MAX_BYTES,
        accept: 'application/json',
        headers: { authorization: `Bearer ${token}`, 'user-agent': 'KompassStudio/1.0 (Hoerzahlen)' },
      };
      const target = await checkedTarget(url, options, controller.signal);
      const response = await pinnedRequest(url, target, options, controller.signal);
      const status = response.statusCode ?? 0;
      if (status < 200 || status > 299) {
        response.destroy();
        if (status === 401 || status === 403) throw new SourceError('token', audienceMessages.tokenInvalid);
        if (status === 404) return null;
        if (status === 429)
          throw new SourceError(
            'rate',
            audienceMessages.unreachable,
            retryAfter(response.headers['retry-after']),
          );
        throw unreachable();
      }
      const body = await readBody(response, MAX_BYTES, controller.signal);
      const parsed = schema.safeParse(JSON.parse(body.toString('utf8')));
      if (!parsed.success) throw unreachable();
      return parsed.data;
    } catch (error) {
      if (error instanceof SourceError) throw error;
      throw unreachable();
    } finally {
      clearTimeout(timer);
      signal?.removeEventListener('abort', abort);
    }
  }

  const found = <T>(value: T | null) => {
    if (value === null) throw new SourceError('show', audienceMessages.showUnknown);
    return value;
  };

  return {
    show: (id, signal) => get(`/shows/${encodeURIComponent(id)}`, {}, show, signal),
    // 404 here: a known show without counted downloads yet ('no data found'): no episodes.
    episodeCounts: async (showUuid, signal) =>
      (await get(
        '/queries/episode-download-counts',
        { showUuid, limit: String(OP3_EPISODE_LIMIT) },
        episodeCounts,
        signal,
      )) ?? { episodes: [] },
    downloads: async (showUuid, { start, end, continuationToken }, signal) =>
      found(
        await get(
          `/downloads/show/${encodeURIComponent(showUuid)}`,
          {
            start,
            end,
            format: 'json',
            limit: String(OP3_PAGE_LIMIT),
            bots: 'exclude',
            ...(continuationToken && { continuationToken }),
          },
          downloadsPage,
          signal,
        ),
      ),
  };
}
