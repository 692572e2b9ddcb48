// The GETs the app's first screens make, as descriptors: an endpoint (its path as the spec writes
// it, `{name}` for an id) and its params (Entscheidung CLI-19). One function builds a read's URL
// from them, the one the server embeds an answer under (src/server/http/boot-data.ts), the
// client's fetchers ask for and take an embedded answer by (src/client/api/client.ts `api.read`),
// and the screens' loaders pick their feature's query by the read's name
// (src/client/routes/screens/screen-reads.ts). Without zod: the client reads it before its first paint.

type PathParams<P extends string> = P extends `${string}{${infer Name}}${infer Rest}`
  ? Name | PathParams<Rest>
  : never;

type Value = string | number;

/** A read's params: every id of its path (a number); of the query's, those it sets. */
export type ParamsOf<P extends string, Q extends string> = { [K in PathParams<P>]: number } & {
  [K in Q]?: Value;
};

/** One GET: the endpoint's name (a key of READS), its params and the URL they make. */
export type Read<N extends string = string, Params = Record<string, Value | undefined>> = {
  name: N;
  params: Params;
  /** Path and query string, the query in the order the endpoint lists its params. */
  url: string;
};

/** The URL of `path` with `params`: ids filled in, the query's set params in `query`'s order. */
function readUrl(path: string, query: readonly string[], params: Record<string, Value | undefined>) {
  const filled = path.replace(/\{(\w+)\}/g, (_, name: string) => encodeURIComponent(String(params[name])));
  const search = new URLSearchParams();
  for (const name of query) {
    const value = params[name];
    if (value !== undefined) search.set(name, String(value));
  }
  const text = search.toString();
  return text ? `${filled}?${text}` : filled;
}

/** An endpoint taking the ids of `path` and the query params `query` (in the URL in this order). */
function endpoint<const P extends string, const Q extends string = never>(path: P, query: readonly Q[] = []) {
  return <N extends string>(name: N) =>
    (params: ParamsOf<P, Q>): Read<N, ParamsOf<P, Q>> => ({
      name,
      params,
      url: readUrl(path, query, params as Record<string, Value | undefined>),
    });
}

const ENDPOINTS = {
  session: endpoint('/api/account/session'),
  podcasts: endpoint('/api/account/podcasts'),
  context: endpoint('/api/account/context'),
  compilations: endpoint('/api/compilations'),
  advice: endpoint('/api/advices:random'),
  keywords: endpoint('/api/keywords'),
  estimations: endpoint('/api/podcasts/{podcast}/estimations', ['limit']),
  experiments: endpoint('/api/podcasts/{podcast}/experiments', ['state', 'origin']),
  bookmarks: endpoint('/api/podcasts/{podcast}/bookmarks'),
  applications: endpoint('/api/podcasts/{podcast}/applications'),
  memberships: endpoint('/api/podcasts/{podcast}/memberships'),
  objective: endpoint('/api/podcasts/{podcast}/objective'),
  strategy: endpoint('/api/podcasts/{podcast}/strategy'),
  episodes: endpoint('/api/podcasts/{podcast}/episodes', ['page']),
  settings: endpoint('/api/podcasts/{podcast}/settings'),
  feedCheck: endpoint('/api/podcasts/{podcast}/feed-check'),
  assistances: endpoint('/api/podcasts/{podcast}/assistances', ['before']),
  practices: endpoint('/api/podcasts/{podcast}/practices', [
    'page',
    'order',
    'status',
    'keywords',
    'expansion',
    'relevance',
  ]),
  pooledEffects: endpoint('/api/podcasts/{podcast}/pooled-effects'),
  practice: endpoint('/api/practices/{practice}', ['context']),
  practiceCompilations: endpoint('/api/practices/{practice}/compilations'),
  similarities: endpoint('/api/practices/{practice}/similarities', ['context', 'limit']),
  experiment: endpoint('/api/experiments/{experiment}'),
  effect: endpoint('/api/experiments/{experiment}/effect'),
  comments: endpoint('/api/experiments/{experiment}/comments', ['before']),
  events: endpoint('/api/experiments/{experiment}/events', ['before']),
};

type Endpoints = typeof ENDPOINTS;
export type ReadName = keyof Endpoints;

/** Each read by name: `READS.objective({ podcast: 4 }).url` is `/api/podcasts/4/objective`. */
export const READS = Object.fromEntries(
  Object.entries(ENDPOINTS).map(([name, make]) => [name, make(name)]),
) as {
  [N in ReadName]: ReturnType<Endpoints[N]> extends (params: infer A) => unknown
    ? (params: A) => Read<N, A>
    : never;
};

/** The params of the read named `N`. */
export type ReadParams<N extends ReadName> = Parameters<(typeof READS)[N]>[0];

/** Any read of READS, its params typed by its name. */
export type AnyRead = { [N in ReadName]: Read<N, ReadParams<N>> }[ReadName];
