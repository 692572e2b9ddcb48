// The dashboard's loader asks for what src/shared/first-screens.ts declares (`dashboardReads`),
// spelled the same: the server embeds exactly those answers in the page, and a call spelled
// otherwise would go over the network after the paint. Every loader call must be taken from the
// embedded answers; none may reach `fetch`.
import { QueryClient } from '@tanstack/react-query';
import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import { dashboardReads, type Selected } from '../../../src/shared/first-screens.ts';

const podcast: Selected = { id: 4, active: true, rss_uri: 'https://feed.example/rss' };
const embedded: Record<string, unknown> = { '/api/account/context': { data: podcast } };
for (const url of dashboardReads(podcast)) embedded[url] = { data: [] };
const fetched: string[] = [];

beforeAll(() => {
  const element = { textContent: JSON.stringify(embedded), remove: () => {} };
  vi.stubGlobal('document', { getElementById: (id: string) => (id === 'boot' ? element : null) });
  vi.stubGlobal('fetch', async (input: Request | string) => {
    fetched.push(typeof input === 'string' ? input : input.url);
    return new Response('{}', { status: 503 });
  });
});
afterAll(() => vi.unstubAllGlobals());

it('the loader asks only for declared reads, each from the page', async () => {
  // Fresh modules: the workers share one module graph, and the boot answers are read once.
  vi.resetModules();
  const { takeBootAnswer } = await import('../../../src/client/api/boot-answers.ts');
  const { prefetchDashboard } = await import('../../../src/client/routes/screens/dashboard-screen.tsx');
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  await prefetchDashboard(queryClient);
  await vi.waitFor(() => expect(queryClient.isFetching()).toBe(0));
  expect(fetched).toEqual([]);
  // What is left is what the widgets ask for themselves, not the loader.
  const left = dashboardReads(podcast).filter((url) => takeBootAnswer(url) !== undefined);
  expect(left).toEqual([
    `/api/podcasts/4/settings`,
    `/api/podcasts/4/feed-check`,
    `/api/podcasts/4/assistances`,
  ]);
});
