// Renders the landing page to HTML at build time, so a first visit paints it before any
// JavaScript has loaded; the landing's own script then starts its islands (src/client/landing-script.tsx,
// components/islands.tsx). Only the landing: it is the same for every guest. Loaded by the
// prerender plugin (prerender.ts) through Vite's SSR.
import { QueryClient } from '@tanstack/react-query';
import { createMemoryHistory, createRouter } from '@tanstack/react-router';
import { renderToString } from 'react-dom/server';
import { App } from '../app-providers.tsx';
import { InstallOffer } from '../components/install-app.tsx';
import { landingRoute } from '../routes/landing.tsx';
import { rootRoute } from '../routes/root.tsx';

/**
 * The app's own root and landing routes and App element. A guest: no user in the cache, so the
 * header shows 'Anmelden' and 'Kostenlos registrieren'. No scroll restoration: on a server,
 * TanStack Router renders it as an inline script. After the page, the install offer in both its
 * modes, in templates the landing's script shows when the browser offers the install.
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
  return renderToString(
    <>
      <App queryClient={queryClient} router={router} />
      {(['prompt', 'ios'] as const).map((mode) => (
        <template key={mode} data-install={mode}>
          <InstallOffer mode={mode} />
        </template>
      ))}
    </>,
  );
}
