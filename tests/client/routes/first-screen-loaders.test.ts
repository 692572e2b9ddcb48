// Each first screen's loader asks for what src/shared/first-screens.ts declares for it, by the same
// read descriptor (src/shared/reads.ts): the server embeds exactly those answers in the page, under
// the URL the descriptor makes, and a call made otherwise would go over the network after the
// paint. So with the page holding the declared answers, no loader call may reach `fetch` (a loader
// asking for a read the list doesn't name fails), and the loaders leave nothing in the page: a read
// the components asked for only once they had mounted answered after the first render and rendered
// the screen again in one blocking task (a read no loader asks for fails).
// The screens' modules load dexie (the outbox). The workers share one module graph, so the dexie
// this file loads is the one later files get: it must find an IndexedDB, or theirs finds none.
import 'fake-indexeddb/auto';
import { QueryClient } from '@tanstack/react-query';
import { afterEach, expect, it, vi } from 'vitest';
import { FIRST_SCREENS, type Selected } from '../../../src/shared/first-screens.ts';
import { READS, type Read } from '../../../src/shared/reads.ts';

const podcast: Selected = { id: 4, active: true, rss_uri: 'https://feed.example/rss' };

/** Runs `load` with the page holding `reads`; what went to `fetch` and what was left in the page. */
async function withPage(reads: Read[], load: (queryClient: QueryClient) => Promise<unknown>) {
  const embedded: Record<string, unknown> = { [READS.context({}).url]: { data: podcast } };
  for (const { url } of reads) embedded[url] = { data: [] };
  const element = { textContent: JSON.stringify(embedded), remove: () => {} };
  vi.stubGlobal('document', { getElementById: (id: string) => (id === 'boot' ? element : null) });
  const fetched: string[] = [];
  vi.stubGlobal('fetch', async (input: Request | string) => {
    fetched.push(typeof input === 'string' ? input : input.url);
    return new Response('{}', { status: 503 });
  });
  // Fresh modules: the workers share one module graph, and the boot answers are read once.
  vi.resetModules();
  const { takeBootAnswer } = await import('../../../src/client/api/boot-answers.ts');
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  await load(queryClient);
  await vi.waitFor(() => expect(queryClient.isFetching()).toBe(0));
  const left = reads.map((read) => read.url).filter((url) => takeBootAnswer(url) !== undefined);
  return { fetched, left };
}

afterEach(() => vi.unstubAllGlobals());

it('the dashboard loader asks only for its declared reads, each from the page', async () => {
  const reads = FIRST_SCREENS.dashboard.reads(podcast);
  const { fetched, left } = await withPage(reads, async (queryClient) => {
    const { prefetchDashboard } = await import('../../../src/client/routes/screens/dashboard-screen.tsx');
    await prefetchDashboard(queryClient);
  });
  expect(fetched).toEqual([]);
  // The widgets' reads too: answered after the first render, they rendered it again in one blocking task.
  expect(left).toEqual([]);
});

it('the method overview: the layout and the tab loaders together ask for its declared reads', async () => {
  const reads = FIRST_SCREENS.practiceOverview.reads(podcast, ['7']);
  const { fetched, left } = await withPage(reads, async (queryClient) => {
    const { prefetchPracticeShow } = await import('../../../src/client/routes/screens/practices-screens.tsx');
    // As the router runs them: the layout's and the tab's at once.
    await Promise.all([
      prefetchPracticeShow(queryClient, '7'),
      prefetchPracticeShow(queryClient, '7', 'overview'),
    ]);
  });
  expect(fetched).toEqual([]);
  expect(left).toEqual([]);
});

it('the experiment loader asks for its declared reads; for a Basic podcast for none', async () => {
  const reads = FIRST_SCREENS.experiment.reads(podcast, ['9']);
  const load = async (queryClient: QueryClient) => {
    const { prefetchExperimentShow } =
      await import('../../../src/client/routes/screens/experiment-screens.tsx');
    await prefetchExperimentShow(queryClient, '9');
  };
  const { fetched, left } = await withPage(reads, load);
  expect(fetched).toEqual([]);
  expect(left).toEqual([]);
  expect(FIRST_SCREENS.experiment.reads({ ...podcast, active: false }, ['9'])).toEqual([]);
});
