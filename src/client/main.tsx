import './lib/zod-jitless.ts';
import type { QueryClient } from '@tanstack/react-query';
import { createBrowserHistory, type AnyRoute } from '@tanstack/react-router';
import { startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { dropBootAnswers } from './api/boot-answers.ts';
import { parseEveryAnswer } from './api/parse.ts';
import { setUnauthorizedHandler } from './api/client.ts';
import { App } from './app-providers.tsx';
import { isOffline, onReconnect, watchConnectivity } from './offline/connectivity.ts';
import { restoreDrafts } from './lib/drafts.ts';
import { endStart } from './lib/fetch-or-cached.ts';
import { firstScreenCommitted, firstScreenSettled, settleFirstScreen } from './lib/first-screen.ts';
import { idleQueue } from './lib/idle.ts';
import { watchInstall } from './lib/install.ts';
import { quietWhenLeaving } from './lib/page-leaving.ts';
import { registerServiceWorker } from './lib/service-worker.ts';
import { followWorkerReplays } from './offline/worker-replays.ts';
import {
  announceSessionLost,
  clearSession,
  finishPendingLogout,
  hasCachedUser,
  watchSession,
} from './lib/session.ts';
import { createQueryClient, persistCache } from './query-client.ts';
import { createAppRouter } from './router.ts';
import './styles.css';

/**
 * Lets the browser take its turn (input, paint) between the steps of the boot, so none of them
 * blocks a phone's main thread for long: loading the code, the history, the route tree (each
 * ~15–30 ms of a desktop's main thread, four times that on a phone), the cache, routing, rendering.
 */
const nextTask = () => new Promise((resolve) => setTimeout(resolve));

/** The service worker's registration waits for the first screen, at most this long after the start. */
const WORKER_LATEST_MS = 10_000;

/** When the worker registers: after the first screen has settled, in an idle moment (lib/idle.ts). */
const workerDue = () =>
  Promise.race([firstScreenSettled, new Promise((resolve) => setTimeout(resolve, WORKER_LATEST_MS))]).then(
    () => idleQueue(() => undefined),
  );

/** How long after the first screen zod loads to parse the answers from then on. */
const PARSE_AFTER_MS = 5_000;

/** Resolves once `busy` is false, looked at whenever the query cache changes. */
function whenQueries(queryClient: QueryClient, busy: () => boolean) {
  return new Promise<void>((resolve) => {
    if (!busy()) return resolve();
    const stop = queryClient.getQueryCache().subscribe(() => {
      if (busy()) return;
      stop();
      resolve();
    });
  });
}

/** A query still without an answer is being asked for (a refetch of a restored copy is not). */
const awaitingFirstAnswer = (queryClient: QueryClient) => () =>
  queryClient
    .getQueryCache()
    .getAll()
    .some((query) => query.state.status === 'pending' && query.state.fetchStatus === 'fetching');

/**
 * The boot, as one async function rather than the module's top level (Entscheidung CLI-1): a module with a top-level `await` is still evaluating while the screen chunks it asks for
 * arrive, and those chunks import this entry chunk back (FIRST_SCREENS, the shared client code).
 * The standard makes them wait; JavaScriptCore (every iPhone browser; WebKitGTK here) ran them
 * with the entry's bindings still unset, and `/app`, a method and an experiment opened on the
 * error page at every full load. Without a top-level `await` the entry has finished evaluating
 * before any chunk it imports can run, in every engine. ESLint forbids top-level `await` in the
 * client's modules (.config/eslint.config.js), so the question cannot come back.
 */
async function start() {
  watchConnectivity();
  // A logout made offline reaches the server when the network is back (and at the next probe).
  onReconnect(() => void finishPendingLogout());
  watchInstall();
  registerServiceWorker(workerDue());
  restoreDrafts();
  const queryClient = createQueryClient();
  followWorkerReplays(queryClient);
  await nextTask();
  const history = createBrowserHistory();
  await nextTask();
  const router = createAppRouter(queryClient, history);
  // The server answers again: the screen's offline copies are replaced. After the 'online' event the
  // query cache refetches by itself; this covers a server that was out of reach while online.
  onReconnect(
    () => void queryClient.refetchQueries({ type: 'active', stale: true }, { cancelRefetch: false }),
  );
  // The screen's code loads beside the session probe, not after it: the router asks for a route's
  // chunks only once every guard above it has answered (the dashboard's widgets waited
  // for the session, then for their code, then asked for their data).
  const routes: Record<string, AnyRoute> = router.routesById;
  for (const match of router.matchRoutes(router.latestLocation)) {
    void router.loadRouteChunk(routes[match.routeId]!)?.catch(() => undefined);
  }

  // §8: a 401 on any call locks the session out and sends the user to login, which says why.
  setUnauthorizedHandler(() => {
    if (hasCachedUser(queryClient)) announceSessionLost();
    clearSession(queryClient);
    if (router.state.location.pathname !== '/login') void router.navigate({ to: '/login' });
  });

  await nextTask();
  await persistCache(queryClient).catch(() => undefined);

  // The offline store (IndexedDB, dexie) loads once a user is known: a guest's landing never needs it.
  // Online it waits until the first screen has rendered and has its answers (dexie's 31 KB
  // gzipped and its start were on the dashboard's first paint); offline the screens may need it at once.
  const loadOffline = () =>
    import('./offline/offline-data.ts')
      .then((offline) => offline.watchOfflineData(queryClient))
      .catch(quietWhenLeaving);
  const stopRendered = router.subscribe('onRendered', () => {
    // From now on guards ask the server first again (the first screen may paint from the cache).
    endStart();
    stopRendered();
  });
  /**
   * `then` once the first screen has committed with its effects (first-screen.ts: the requests its
   * components make on mount have started) and no query is fetching any more.
   */
  function whenSettled(then: () => void) {
    void firstScreenCommitted.then(async () => {
      const fetching = () => queryClient.isFetching() > 0;
      if (!fetching()) return then();
      await whenQueries(queryClient, fetching);
      setTimeout(then);
    });
  }
  whenSettled(() => {
    // Not at the first render: the screen's components ask for their data (the tips, the settings,
    // the method list) only once they have mounted, and their answers are in the page too.
    dropBootAnswers();
    settleFirstScreen();
    // Later answers are parsed (api/parse.ts) once zod has loaded in an idle moment of its own,
    // some seconds after the first screen (Entscheidung LIB-7: its evaluation is one long task);
    // until then they are taken as they come.
    void firstScreenSettled
      .then(() => new Promise((resolve) => setTimeout(resolve, PARSE_AFTER_MS)))
      .then(() => idleQueue(() => import('../shared/account.ts')))
      .catch(() => undefined)
      .finally(parseEveryAnswer);
  });
  // Online after the deferred parts, in an idle moment of its own (Entscheidung LIB-7).
  const startOffline = () =>
    isOffline() ? void loadOffline() : whenSettled(() => void idleQueue(loadOffline));
  if (hasCachedUser(queryClient)) startOffline();
  else {
    const stop = queryClient.getQueryCache().subscribe(() => {
      if (!hasCachedUser(queryClient)) return;
      stop();
      startOffline();
    });
  }

  // A guest page rendered before the session probe answered; it found a session: on to the app.
  watchSession(queryClient, () => {
    if (router.matchRoutes(router.latestLocation).some((match) => match.staticData.guestOnly)) {
      void router.navigate({ to: '/app/dashboard', replace: true });
    }
  });

  const container = document.getElementById('root')!;
  const app = <App queryClient={queryClient} router={router} />;

  /**
   * The router settles the first screen (guards, data from the page's embedded answers or the cache)
   * before React renders it. Mounted unsettled, the router loaded it in a synchronous pass
   * (Transitioner: `load({ sync: true })`) and the whole screen rendered in one blocking task: 680 ms
   * of the dashboard's 746 ms TBT at 4× CPU (Entscheidung CLI-31). Settled, the first
   * render is the transition's below, which yields to the browser every few milliseconds. A load
   * that takes longer (a verification link asking the server) renders meanwhile: its route's pending
   * screen shows, and the load in flight finishes in transitions too.
   */
  const SETTLE_WAIT_MS = 300;
  const waited = new Promise((resolve) => setTimeout(resolve, SETTLE_WAIT_MS));
  await Promise.race([
    // A failed load renders anew: the router shows its error there.
    router.load().catch(() => undefined),
    waited,
  ]);
  /**
   * The loaders' reads answered too (Entscheidung CLI-26): they start the screen's queries without
   * waiting (from the page's embedded answers, so at once on a first visit). Rendered before their
   * answers, the screen rendered its loading state in the transition, and the answers then reached
   * it through the query cache's store (useSyncExternalStore), which React renders at once, in one
   * blocking task: the whole dashboard or experiment again, the longest task of their start
   * (tests/bench/screen-profile.ts: its time under workLoopSync). A restored copy being refetched
   * is an answer already: a returning user's screen does not wait for the network.
   */
  await Promise.race([whenQueries(queryClient, awaitingFirstAnswer(queryClient)), waited]);
  await nextTask();

  const root = createRoot(container);
  startTransition(() => root.render(app));
}

void start();
