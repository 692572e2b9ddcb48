import type { Query } from '@tanstack/react-query';

/**
 * How long an answer a route's loader fetched counts as fresh for the screen that mounts after it.
 * The loaders start every request of a screen at once (routes/screens/*-screens.tsx);
 * with the cache's staleTime of 0, a card that mounts once its answer is in would ask the server
 * again at once (the bench saw every method and experiment request twice). Only the mount waits:
 * invalidations, reconnects and focus still refetch (Entscheidung LIB-4).
 */
const LOADED_FRESH_MS = 5_000;

/**
 * `refetchOnMount` for queries the route loaders start: not when the answer is seconds old, unless
 * it was invalidated since — as the whole cache is when it is restored at a start (query-client.ts):
 * a reload right after a visit showed the copy it had saved (the experiments list kept an ended
 * experiment among the running ones; experiments.spec.ts).
 */
export const unlessJustLoaded = <TData>(query: Query<TData, Error, TData, readonly unknown[]>) =>
  query.state.isInvalidated || Date.now() - query.state.dataUpdatedAt > LOADED_FRESH_MS;
