// A guard's read while the server is gone (its process stopped: `navigator.onLine` stays true).
// The service worker answers it from its offline copy, or the cache answers it without a request;
// neither may tell the app that the server answers again: the offline banner went, and the
// controls that need the server („Zwischenauswertung“) were enabled with the server still gone.
import { QueryClient } from '@tanstack/react-query';
import { beforeEach, expect, it, vi } from 'vitest';
import { cachedOnStart, fetchOrCached } from '../../../src/client/lib/fetch-or-cached.ts';
import { noteAnswer, useConnectivity } from '../../../src/client/offline/connectivity.ts';

const COPY_FROM = '2026-12-07T05:00:00.000Z';
const cut = () => useConnectivity.getState().unreachable;

/** A read answered as the API client sees it (api/client.ts tells `noteAnswer` of every answer). */
const answeredBy = (offlineCopyFrom: string | null) => async () => {
  noteAnswer(offlineCopyFrom);
  return ['Unterwegs'];
};

beforeEach(() => {
  // The screen's own reads came from the worker's copies: the app knows the server is gone.
  useConnectivity.setState({ offline: false, unreachable: false, copyFrom: undefined });
  noteAnswer(COPY_FROM);
  expect(cut()).toBe(true);
});

it("the worker's offline copy answers the guard: the server still counts as gone", async () => {
  const client = new QueryClient();
  expect(await fetchOrCached(client, { queryKey: ['podcasts'], queryFn: answeredBy(COPY_FROM) })).toEqual([
    'Unterwegs',
  ]);
  expect(cut()).toBe(true);
});

it('a fresh cached answer asks nobody and says nothing about the server', async () => {
  const client = new QueryClient();
  client.setQueryData(['context'], { id: 1 });
  const asked: string[] = [];
  const read = await fetchOrCached(client, {
    queryKey: ['context'],
    queryFn: async () => {
      asked.push('context');
      return { id: 1 };
    },
    staleTime: 60_000,
  });
  expect({ read, asked }).toEqual({ read: { id: 1 }, asked: [] });
  expect(cut()).toBe(true);
});

it("the start's read beside the cached copy, answered late by the worker's copy, leaves the screen cut off", async () => {
  const client = new QueryClient();
  client.setQueryData(['podcasts'], ['Unterwegs']);
  let answer!: () => void;
  const late = new Promise<void>((resolve) => (answer = resolve));
  const podcasts = await cachedOnStart(client, {
    queryKey: ['podcasts'],
    queryFn: async () => {
      await late;
      return answeredBy(COPY_FROM)();
    },
  });
  expect(podcasts).toEqual(['Unterwegs']);
  answer();
  await vi.waitFor(() => expect(client.getQueryState(['podcasts'])?.fetchStatus).toBe('idle'));
  await new Promise((resolve) => setTimeout(resolve));
  expect(cut()).toBe(true);
});

it('an answer of the server itself ends the cut', async () => {
  const client = new QueryClient();
  await fetchOrCached(client, { queryKey: ['podcasts'], queryFn: answeredBy(null) });
  expect(cut()).toBe(false);
});
