// Renders the landing page to HTML at build time, so a first visit paints it before any
// JavaScript has loaded; the app then hydrates it (main.tsx) instead of building it again. Only
// the landing: it is the same for every guest. Loaded by the prerender plugin (prerender.ts)
// through Vite's SSR.
import { QueryClient } from '@tanstack/react-query';
import { createMemoryHistory, createRouter } from '@tanstack/react-router';
import { Suspense } from 'react';
import { renderToString } from 'react-dom/server';
import { App } from '../app.tsx';
import { landingRoute } from '../routes/landing.tsx';
import { rootRoute } from '../routes/root.tsx';

/**
 * The app's own root and landing routes and App element, so hydration finds the tree it
 * renders. A guest: no user in the cache, so the header shows 'Anmelden' and 'Kostenlos
 * registrieren'. No scroll restoration: on a server, TanStack Router renders it as an inline
 * script, which the browser's render does not have.
 */
export async function renderLanding(): Promise<string> {
  const queryClient = new QueryClient();
  const router = createRouter({
    routeTree: rootRoute.addChildren([landingRoute]),
    context: { queryClient },
    history: createMemoryHistory({ initialEntries: ['/'] }),
    isServer: true,
  });
  await router.load();
  // In the browser, TanStack Router's <Matches> wraps the matches in a Suspense boundary that
  // its server render leaves out; this one stands in for it (the same <!--$--> in the HTML).
  return renderToString(
    <Suspense>
      <App queryClient={queryClient} router={router} />
    </Suspense>,
  );
}
