import './lib/zod-jitless.ts';
import { QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider } from '@tanstack/react-router';
import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { setUnauthorizedHandler } from './api/client.ts';
import { watchConnectivity } from './lib/connectivity.ts';
import { restoreDrafts } from './lib/drafts.ts';
import { watchInstall } from './lib/install.ts';
import { announceSessionLost, clearSession, hasCachedUser, watchSession } from './lib/session.ts';
import { createQueryClient, persistCache } from './query-client.ts';
import { createAppRouter } from './router.ts';
import './styles.css';

watchConnectivity();
watchInstall();
restoreDrafts();
const queryClient = createQueryClient();
const router = createAppRouter(queryClient);

// §8: a 401 on any call locks the session out and sends the user to login, which says why.
setUnauthorizedHandler(() => {
  if (hasCachedUser(queryClient)) announceSessionLost();
  clearSession(queryClient);
  if (router.state.location.pathname !== '/login') void router.navigate({ to: '/login' });
});

await persistCache(queryClient).catch(() => undefined);

// The offline store (IndexedDB, dexie) loads once a user is known: a guest's landing never needs it.
const startOffline = () =>
  void import('./lib/offline-data.ts').then((offline) => offline.watchOfflineData(queryClient));
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

// A transition renders concurrently, yielding to the browser every few milliseconds instead of
// blocking it for the whole first render (on a guest's '/', the page is already painted from
// its HTML, see src/client/build/prerender.ts).
const root = createRoot(document.getElementById('root')!);
startTransition(() =>
  root.render(
    <StrictMode>
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </StrictMode>,
  ),
);
