// Renders the landing page to HTML at build time, so a first visit paints it before any
// JavaScript has loaded (the app then renders the same page over it). Only the landing: it is
// the same for every guest. Loaded by the prerender plugin (prerender.ts) through Vite's SSR.
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import {
  createMemoryHistory,
  createRootRoute,
  createRoute,
  createRouter,
  Outlet,
  RouterProvider,
} from '@tanstack/react-router';
import { renderToString } from 'react-dom/server';
import { LandingPage } from '../features/landing/components/landing-page.tsx';

export async function renderLanding(): Promise<string> {
  const rootRoute = createRootRoute({ component: Outlet });
  const landing = createRoute({ getParentRoute: () => rootRoute, path: '/', component: LandingPage });
  const router = createRouter({
    routeTree: rootRoute.addChildren([landing]),
    history: createMemoryHistory({ initialEntries: ['/'] }),
    isServer: true,
  });
  await router.load();
  // A guest: no user in the cache, so the header shows 'Anmelden' and 'Kostenlos registrieren'.
  const queryClient = new QueryClient();
  return renderToString(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
}
