// A write that works offline, defined once (features/<area>/api/*-writes.ts): its request (URL,
// body), response schema, label, the queries it changes and how. The same definition drives the
// hook (useOfflineWrite), the outbox item the service worker replays (src/browser/outbox-replay.ts)
// and the cache while the item waits.
//
// Entscheidung OFF-5: the query cache is the one source of truth of what a screen shows. The
// hook changes the cache at once (onMutate); a write that went to the outbox keeps that change
// until the server has answered, because every refetch of a changed query passes through
// `withPending`, which applies the waiting items again in their order. When an item leaves the
// outbox (sent, refused, discarded; in any tab or in the worker) the page refetches its queries
// (offline-data.ts).
import {
  hashKey,
  partialMatchKey,
  useMutation,
  useQueryClient,
  type QueryClient,
  type QueryKey,
} from '@tanstack/react-query';
import type { z } from 'zod';
import { IDEMPOTENCY_HEADER } from '../../browser/http.ts';
import type { OutboxItem } from '../../browser/offline-db.ts';
import { api } from '../api/client.ts';
import { isNetworkError } from '../api/errors.ts';
import { parseLazily } from '../api/parse.ts';
import { isOffline, useConnectivity } from './connectivity.ts';
import { enqueue, pendingItems } from './outbox.ts';

/** A change to cached data: of the query `key`, or (not `exact`) of every query under it. */
export type CacheChange = { key: QueryKey; exact: boolean; apply: (data: unknown) => unknown };

export const cacheChange = <T>(key: QueryKey, exact: boolean, apply: (data: T) => T): CacheChange => ({
  key,
  exact,
  apply: apply as (data: unknown) => unknown,
});

export type OfflineWrite<V, R extends z.ZodType> = {
  /** Names the write in the outbox; items outlive a deploy, so keep it stable. */
  kind: string;
  /** POST to this API path (`api/…`). */
  url: (vars: V) => string;
  /** The JSON body; undefined for none. */
  body: (vars: V) => unknown;
  /**
   * Loads the schema of the answer, parsed when the write is sent online (the replay only needs its
   * status); its module loads with the first answer (api/parse.ts).
   */
  response: () => Promise<R>;
  /** What the user did, in German, for the list of refused changes. */
  label: (vars: V) => string;
  /** The experiment whose page marks it as waiting. */
  experimentId: (vars: V) => number;
  /** Refetched once the server has answered. */
  queries: (vars: V) => QueryKey[];
  /** What it changes in the cache at once, kept while it waits in the outbox. */
  optimistic?: (vars: V) => CacheChange[];
};

// eslint-disable-next-line @typescript-eslint/no-explicit-any
const writes = new Map<string, OfflineWrite<any, z.ZodType>>();

export function defineOfflineWrite<V, R extends z.ZodType>(write: OfflineWrite<V, R>): OfflineWrite<V, R> {
  writes.set(write.kind, write);
  return write;
}

const matches = (change: CacheChange, queryKey: QueryKey) =>
  change.exact ? hashKey(change.key) === hashKey(queryKey) : partialMatchKey(queryKey, change.key);

/** `data` of the query `queryKey` with the changes of the waiting `items` applied, in their order. */
export function applyPending<T>(items: OutboxItem[], queryKey: QueryKey, data: T): T {
  let result: unknown = data;
  for (const item of items) {
    const changes = item.vars === undefined ? [] : (writes.get(item.kind)?.optimistic?.(item.vars) ?? []);
    for (const change of changes) if (matches(change, queryKey)) result = change.apply(result);
  }
  return result as T;
}

/**
 * For query functions of data an offline write changes: the server's answer plus what waits.
 * Without the server, the answer is the service worker's copy, which may be older than what the
 * cache shows (Entscheidung OFF-8). Then what the cache shows stays, plus what waits.
 */
export async function withPending<T>(client: QueryClient, queryKey: QueryKey, data: T): Promise<T> {
  const { offline, unreachable } = useConnectivity.getState();
  const shown = offline || unreachable ? client.getQueryData<T>(queryKey) : undefined;
  return applyPending(await pendingItems(), queryKey, shown ?? data);
}

/** What the waiting items of `write` were called with, in their order. */
export function pendingOf<V, R extends z.ZodType>(items: OutboxItem[], write: OfflineWrite<V, R>): V[] {
  return items
    .filter((item) => item.state === 'pending' && item.kind === write.kind && item.vars !== undefined)
    .map((item) => item.vars as V);
}

/** Marks a write that went to the outbox instead of the server. */
export const QUEUED = { queued: true } as const;

/**
 * Sends the write now with a fresh Idempotency-Key, or queues it: offline, or when the request
 * failed on the way (with the same key: if it did reach the server, the replay is answered from
 * the server's record instead of being applied again).
 */
export async function sendOrQueue<V, R extends z.ZodType>(
  write: OfflineWrite<V, R>,
  vars: V,
): Promise<z.output<R> | typeof QUEUED> {
  const key = crypto.randomUUID();
  const url = write.url(vars);
  const body = write.body(vars);
  if (!isOffline()) {
    try {
      return await api
        .post(url, { json: body, headers: { [IDEMPOTENCY_HEADER]: key } })
        .json()
        .then(parseLazily(write.response));
    } catch (error) {
      if (!isNetworkError(error)) throw error;
    }
  }
  await enqueue(
    {
      kind: write.kind,
      vars,
      url: `/${url}`,
      body,
      queries: write.queries(vars).map((k) => [...k]),
      experimentId: write.experimentId(vars),
      label: write.label(vars),
    },
    key,
  );
  return QUEUED;
}

/**
 * The hook of an offline write: the cache changes at once; the server's state follows its answer.
 * `scope` binds part of the write's variables (e.g. the experiment), `mutate` takes the rest.
 */
export function useOfflineWrite<V extends object, R extends z.ZodType, S extends Partial<V>>(
  write: OfflineWrite<V, R>,
  scope: S,
) {
  const queryClient = useQueryClient();
  const full = (vars: Omit<V, keyof S>) => ({ ...scope, ...vars }) as unknown as V;
  const apply = (vars: Omit<V, keyof S>) => {
    for (const change of write.optimistic?.(full(vars)) ?? []) {
      queryClient.setQueriesData({ queryKey: change.key, exact: change.exact }, (data: unknown) =>
        data === undefined ? data : change.apply(data),
      );
    }
  };
  const mutation = useMutation({
    // Runs offline too (the default would pause it): the outbox takes it then.
    networkMode: 'always',
    onMutate: async (vars: Omit<V, keyof S>) => {
      const changes = write.optimistic?.(full(vars)) ?? [];
      await Promise.all(changes.map(({ key, exact }) => queryClient.cancelQueries({ queryKey: key, exact })));
      // Again after the cancel, which puts back what a fetch in flight had started from.
      apply(vars);
    },
    mutationFn: (vars: Omit<V, keyof S>) => sendOrQueue(write, full(vars)),
    // Queued: the outbox keeps the change; its queries refetch when it leaves (offline-data.ts).
    // Sent or failed: the server's state replaces the optimistic one.
    onSettled: async (result, _error, vars) => {
      if (result === QUEUED) return;
      const keys = write.queries(full(vars));
      await Promise.all(keys.map((queryKey) => queryClient.invalidateQueries({ queryKey })));
    },
  });
  // The change reaches the cache in the click's own task (the optimistic changes set values, so
  // applying them twice is harmless), not only once onMutate has run; the checkbox follows with
  // the query's next notification, a task later (Entscheidung OFF-2).
  const mutate = (vars: Omit<V, keyof S>, options?: Parameters<typeof mutation.mutate>[1]) => {
    apply(vars);
    mutation.mutate(vars, options);
  };
  return { ...mutation, mutate };
}
