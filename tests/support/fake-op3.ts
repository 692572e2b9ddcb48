// A local fake of OP3's API (https://op3.dev/api/1) over real HTTP on loopback (random port),
// answering as OP3's own code does (skymethod/op3: worker/routes/api.ts, api_shows.ts,
// api_queries.ts, api_query_downloads.ts, api_query_common.ts):
// - a bearer token (header or ?token=): none → 401 { error: 'unauthorized' }, unknown → 403;
// - GET /shows/{showUuid | podcastGuid | base64url(feedUrl)} → { showUuid, title, podcastGuid,
//   statsPageUrl }, 404 { message: 'not found' };
// - GET /queries/episode-download-counts?showUuid=&limit= (default 8) → { showUuid, showTitle,
//   episodes: [{ itemGuid, title, pubdate, downloads1, downloads3, downloads7, downloads30, downloadsAll }] };
// - GET /downloads/show/{showUuid}?start&end&format=json&limit(≤20000)&bots&continuationToken →
//   { rows, count, queryTime, continuationToken? }: OP3's paging (per UTC day, row numbers
//   counting bots too, the token base58 of { date, rowNumber }).
// Tests add shows with their single downloads, read every request in `requests`, and make the
// next requests fail with `fail()` (429, 500, or a closed connection); the browser journeys'
// setup passes `anyFeed`, so every feed URL is a show with a year of generated downloads.
// `misbehave(showUuid, mode)` makes a show's pages break OP3's rules: a token sent back
// for ever, the first page's rows again and again, empty pages with a token, every row twice, one
// row a page; after `upTo` such answers (1,000) it answers rightly again, so a reader that follows
// it blindly still ends and its test fails instead of hanging.
import { createHash } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { generatedShow } from './fake-op3-data.ts';

/** The one token the fake accepts (unless another is given): 'endet auf …1a2b'. */
export const FAKE_OP3_TOKEN = 'op3-kompass-test-token-1a2b';

export type FakeDownload = { time: string; episodeId: string; botType?: string };
export type FakeEpisode = {
  id: string;
  itemGuid: string;
  title: string;
  pubdate: string;
  downloads1: number | null;
  downloads3: number | null;
  downloads7: number | null;
  downloads30: number | null;
  downloadsAll: number;
};
export type FakeShow = {
  showUuid: string;
  title: string;
  podcastGuid?: string;
  feedUrl?: string;
  episodes: FakeEpisode[];
  /** Single downloads in any order; bots (botType set) are left out unless bots=include. */
  downloads: FakeDownload[];
};
export type FailMode = '429' | '500' | 'close';
/** How a show's downloads pages break OP3's rules (see the top). */
export type Misbehaviour = 'repeat-token' | 'repeat-rows' | 'empty-pages' | 'double-rows' | 'one-row-pages';
type Failure = { mode: FailMode; times: number; after: number; path: string };

const ALPHABET = '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz';
function base58(bytes: Buffer) {
  let n = BigInt(`0x${bytes.toString('hex') || '0'}`);
  let out = '';
  while (n > 0n) {
    out = ALPHABET[Number(n % 58n)]! + out;
    n /= 58n;
  }
  return out;
}
function unbase58(text: string) {
  let n = 0n;
  for (const c of text) {
    const i = ALPHABET.indexOf(c);
    if (i < 0) throw new Error('bad base58');
    n = n * 58n + BigInt(i);
  }
  const hex = n.toString(16);
  return Buffer.from(hex.length % 2 ? `0${hex}` : hex, 'hex');
}

const json = (res: ServerResponse, status: number, value: unknown) =>
  res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(value, undefined, 2));

const nextDay = (day: string) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);

/** OP3's time parameter: a date, a month or an instant. */
function instant(value: string) {
  if (/^\d{4}-\d{2}$/.test(value)) return `${value}-01T00:00:00.000Z`;
  if (/^\d{4}-\d{2}-\d{2}$/.test(value)) return `${value}T00:00:00.000Z`;
  const parsed = Date.parse(value);
  if (Number.isNaN(parsed)) throw new Error(`Bad time: ${value}`);
  return new Date(parsed).toISOString();
}

type Options = {
  token?: string;
  /** Every feed URL is a show with a generated year (the browser journeys). */
  anyFeed?: boolean;
  /** Rows per page at most, below the `limit` asked for (tests page through a small show). */
  pageSize?: number;
  /** Episode counts: every episode, whatever `limit` asked (a server that ignores it). */
  ignoreEpisodeLimit?: boolean;
};

export async function startFakeOp3(options: Options = {}) {
  const accepted = options.token ?? FAKE_OP3_TOKEN;
  const shows = new Map<string, FakeShow & { byDay: Map<string, FakeDownload[]> }>();
  const requests: { path: string; query: Record<string, string>; token: string | undefined }[] = [];
  const failures: Failure[] = [];
  /** Milliseconds every answer waits (to hold two fetches in flight at once). */
  let delayMs = 0;
  /** While set, answers wait for it (a test holds a fetch in flight, then lets it go). */
  let gate: Promise<void> | undefined;
  let held = 0;
  /** hold({ after }): the gate closes once `after` more requests to `path` have been answered. */
  let holdAfter: { after: number; path: string; close: () => void } | undefined;
  const misbehaving = new Map<string, { mode: Misbehaviour; left: number; first?: unknown[]; n: number }>();

  function addShow(show: FakeShow) {
    const byDay = new Map<string, FakeDownload[]>();
    for (const d of [...show.downloads].sort((a, b) => a.time.localeCompare(b.time))) {
      const day = d.time.slice(0, 10);
      byDay.set(day, [...(byDay.get(day) ?? []), d]);
    }
    shows.set(show.showUuid, { ...show, byDay });
    return show;
  }

  function lookup(id: string) {
    if (/^[0-9a-f]{32}$/.test(id)) return shows.get(id);
    const all = [...shows.values()];
    if (/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(id))
      return all.find((s) => s.podcastGuid?.toLowerCase() === id.toLowerCase());
    if (!/^[0-9a-zA-Z_-]{15,}=*$/.test(id)) return undefined;
    const feedUrl = Buffer.from(id, 'base64url').toString('utf8');
    const known = all.find((s) => s.feedUrl === feedUrl);
    if (known || !options.anyFeed || !/^https?:\/\//.test(feedUrl)) return known;
    const showUuid = createHash('sha256').update(feedUrl).digest('hex').slice(0, 32);
    return shows.get(showUuid) ?? (addShow(generatedShow(showUuid, feedUrl)), shows.get(showUuid));
  }

  function downloadsPage(
    show: typeof shows extends Map<string, infer S> ? S : never,
    q: Record<string, string>,
  ) {
    const asked = q.limit === undefined ? 100 : Number(q.limit);
    if (!Number.isInteger(asked) || asked < 1 || asked > 20_000) throw new Error(`Bad limit: ${q.limit}`);
    const bad = misbehaving.get(show.showUuid);
    const mode = bad && bad.left-- > 0 ? bad.mode : undefined;
    const limit = mode === 'one-row-pages' ? 1 : Math.min(asked, options.pageSize ?? asked);
    if (q.format && !/^(tsv|json|json-o|json-a)$/.test(q.format)) throw new Error(`Bad format: ${q.format}`);
    const start = q.start ? instant(q.start) : undefined;
    const end = q.end ? instant(q.end) : undefined;
    const token = q.continuationToken
      ? (JSON.parse(unbase58(q.continuationToken).toString('utf8')) as { date: string; rowNumber: number })
      : undefined;
    const days = [...show.byDay.keys()].sort();
    let date = token?.date ?? start?.slice(0, 10) ?? days[0];
    const last = days.at(-1);
    const rows: unknown[] = [];
    let rowNumber = 0;
    while (date && last && date <= last && rows.length < limit) {
      rowNumber = 0;
      for (const d of show.byDay.get(date) ?? []) {
        rowNumber++;
        if (token && date === token.date && rowNumber <= token.rowNumber) continue;
        if (d.botType && q.bots !== 'include') continue;
        if (start && d.time < start) continue;
        if (end && d.time >= end) break;
        rows.push({
          time: d.time,
          url: `https://op3.dev/e/cdn.example.org/${d.episodeId}.mp3`,
          audienceId: 'a',
          showUuid: show.showUuid,
          episodeId: d.episodeId,
          hashedIpAddress: 'h',
          agentType: 'app',
          agentName: 'Apple Podcasts',
          deviceType: 'mobile',
          deviceName: 'iPhone',
          referrerType: null,
          referrerName: null,
          botType: d.botType ?? null,
          countryCode: 'DE',
          continentCode: 'EU',
          regionCode: 'BE',
          regionName: 'Berlin',
          timezone: 'Europe/Berlin',
          metroCode: null,
        });
        if (rows.length >= limit) break;
      }
      if (rows.length < limit) date = nextDay(date);
    }
    const continuationToken =
      rows.length >= limit && date ? base58(Buffer.from(JSON.stringify({ date, rowNumber }))) : undefined;
    const page = (list: unknown[], next: string | undefined) => ({
      rows: list,
      count: list.length,
      queryTime: 1,
      continuationToken: next,
    });
    if (!mode || !bad) return page(rows, continuationToken);
    bad.first ??= rows;
    // A token OP3 never made (its date and row number stay valid for the honest pages after).
    const fresh = () =>
      base58(Buffer.from(JSON.stringify({ date: token?.date ?? date, rowNumber: 0, n: ++bad.n })));
    if (mode === 'repeat-token') return page(rows, q.continuationToken ?? continuationToken);
    if (mode === 'repeat-rows') return page(bad.first, fresh());
    if (mode === 'empty-pages') return page([], fresh());
    if (mode === 'double-rows')
      return page(
        rows.flatMap((row) => [row, row]),
        continuationToken,
      );
    return page(rows, continuationToken);
  }

  function handle(req: IncomingMessage, res: ServerResponse) {
    const url = new URL(req.url ?? '/', 'http://fake-op3');
    if (req.method === 'POST' && url.pathname === '/__control/fail') {
      const mode = (url.searchParams.get('mode') ?? '429') as FailMode;
      fail(mode, { times: Number(url.searchParams.get('times') ?? 1) });
      return json(res, 204, {});
    }
    const path = url.pathname.replace(/^\/api\/1/, '');
    const query = Object.fromEntries(url.searchParams);
    const bearer = /^bearer (.*)$/i.exec(req.headers.authorization ?? '')?.[1] ?? query.token;
    requests.push({ path, query, token: bearer });
    const failure = failures.find((f) => path.startsWith(f.path));
    if (failure) {
      if (failure.after > 0) failure.after--;
      else {
        if (--failure.times <= 0) failures.splice(failures.indexOf(failure), 1);
        if (failure.mode === 'close') return req.socket.destroy();
        return failure.mode === '429'
          ? json(res, 429, { error: 'slow down' })
          : json(res, 500, { error: 'Error: internal' });
      }
    }
    if (bearer === undefined) return json(res, 401, { error: 'unauthorized' });
    if (bearer !== accepted) return json(res, 403, { error: 'forbidden' });
    try {
      const showPath = /^\/shows\/([^/]+)$/.exec(path);
      if (showPath) {
        const show = lookup(decodeURIComponent(showPath[1]!));
        if (!show) return json(res, 404, { message: 'not found' });
        const { showUuid, title, podcastGuid } = show;
        return json(res, 200, {
          showUuid,
          title,
          podcastGuid,
          statsPageUrl: `https://op3.dev/show/${showUuid}`,
        });
      }
      if (path === '/queries/episode-download-counts') {
        if (!/^[0-9a-f]{32}$/.test(query.showUuid ?? ''))
          return json(res, 400, { error: `Bad 'showUuid': ${query.showUuid}` });
        const show = shows.get(query.showUuid!);
        if (!show) return json(res, 404, { message: 'not found' });
        const limit = options.ignoreEpisodeLimit
          ? Infinity
          : query.limit === undefined
            ? 8
            : Number(query.limit);
        const episodes = [...show.episodes]
          .sort((a, b) => b.pubdate.localeCompare(a.pubdate))
          .slice(0, limit);
        return json(res, 200, {
          showUuid: show.showUuid,
          showTitle: show.title,
          episodes: episodes.map(({ id: _id, ...e }) => e),
          queryTime: 1,
        });
      }
      const downloads = /^\/downloads\/show\/(.*)$/.exec(path);
      if (downloads) {
        if (!/^[0-9a-f]{32}$/.test(downloads[1]!))
          return json(res, 400, { message: `Bad showUuid: ${downloads[1]}` });
        const show = shows.get(downloads[1]!);
        if (!show) return json(res, 200, { rows: [], count: 0, queryTime: 1 });
        return json(res, 200, downloadsPage(show, query));
      }
      return json(res, 404, { error: 'not found' });
    } catch (error) {
      return json(res, 400, { message: (error as Error).message });
    }
  }

  /** The next `times` requests whose path starts with `path` fail, after `after` more succeed. */
  function fail(mode: FailMode, { times = 1, after = 0, path = '/' }: Partial<Omit<Failure, 'mode'>> = {}) {
    failures.push({ mode, times, after, path });
  }

  const server = createServer((req, res) => {
    const answer = () => setTimeout(() => handle(req, res), delayMs);
    if (holdAfter && (req.url ?? '').replace(/^\/api\/1/, '').startsWith(holdAfter.path)) {
      if (holdAfter.after-- <= 0) {
        holdAfter.close();
        holdAfter = undefined;
      }
    }
    if (gate) {
      held++;
      void gate.then(answer);
    } else answer();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const url = `http://127.0.0.1:${port}/api/1`;
  return {
    url,
    /** For OP3_ALLOWED_HOSTS: exactly this port. */
    host: `127.0.0.1:${port}`,
    addShow,
    requests,
    fail,
    delay: (ms: number) => void (delayMs = ms),
    /**
     * Holds every answer from now on until `release()`; `held()`: requests waiting. `after`: only
     * once that many more requests to `path` have been answered (a fetch stopped mid-way).
     */
    hold({ after = 0, path = '/' }: { after?: number; path?: string } = {}) {
      let release!: () => void;
      const closed = new Promise<void>((resolve) => (release = resolve));
      const close = () => void (gate = closed);
      held = 0;
      if (after > 0) holdAfter = { after, path, close };
      else close();
      return {
        held: () => held,
        release: () => {
          gate = undefined;
          holdAfter = undefined;
          release();
        },
      };
    },
    /** Makes the show's downloads pages break OP3's rules (see the top); `behave` ends it. */
    misbehave(showUuid: string, mode: Misbehaviour, { upTo = 1_000 }: { upTo?: number } = {}) {
      misbehaving.set(showUuid, { mode, left: upTo, n: 0 });
    },
    behave: (showUuid: string) => void misbehaving.delete(showUuid),
    /** What the app needs to reach the fake (the E2E setup passes these on). */
    env: () => ({ OP3_API_URL: url, OP3_ALLOWED_HOSTS: `127.0.0.1:${port}` }),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
export type FakeOp3 = Awaited<ReturnType<typeof startFakeOp3>>;
