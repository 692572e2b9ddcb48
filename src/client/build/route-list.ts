// Build step (called by prerender.ts): writes `routes.json`, the paths of the client's route tree
// ('/app/practices/$id/rating', …), next to index.html. The server answers a URL outside that
// list with HTTP 404 and the app shell, whose catch-all shows 'Page not found.' (a soft
// 404 answered 200). Read from the router itself, so the list cannot drift from the routes.
import { writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import type { ViteDevServer } from 'vite';

export const ROUTE_LIST = 'routes.json';

export async function writeRouteList(vite: ViteDevServer, outDir: string) {
  const { routeTree } = await vite.ssrLoadModule('/src/client/routes/route-tree.ts');
  const { createRouter } = await vite.ssrLoadModule('@tanstack/react-router');
  const router = createRouter({ routeTree }) as { routesByPath: Record<string, unknown> };
  const paths = Object.keys(router.routesByPath).sort();
  if (!paths.includes('/app/podcast'))
    throw new Error(`the route tree has no /app/podcast: ${paths.join(' ')}`);
  writeFileSync(resolve(outDir, ROUTE_LIST), JSON.stringify(paths));
}
