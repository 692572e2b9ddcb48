// The chunks of the app screen a signed-in user's page opens, preloaded by the page itself
// (`<link rel="modulepreload">`, decision 2026-11-26, issue 25): the app asks for them only once its
// entry has loaded and run, which on a phone put a round trip and the entry's start between the
// entry and the screen's code. Read from the build's manifest (vite.config.ts `build.manifest`);
// without one (tests, an older build) nothing is preloaded.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

type Chunk = { file: string; imports?: string[] };

/** Every app screen's frame: the router's lazy AppLayout (routes/app.tsx). */
const LAYOUT = 'src/client/routes/app-layout.tsx';

/**
 * The app screens whose answers the page embeds (boot-data.ts `screenCalls`), with the module the
 * router loads each from (routes/podcast.show.tsx, practices.*.tsx, experiments.show.tsx).
 */
const SCREENS: [RegExp, string][] = [
  [/^\/app\/podcast$/, 'src/client/routes/screens/dashboard-screen.tsx'],
  [/^\/app\/practices\/(list|\d+\/overview)$/, 'src/client/routes/screens/practices-screens.tsx'],
  [/^\/app\/experiments\/\d+$/, 'src/client/routes/screens/experiment-screens.tsx'],
];

/** The paths (`/assets/…`) of the chunks a page of `path` loads after the entry; by the page's path. */
export function screenPreloads(clientDir: string): (path: string) => string[] {
  const file = join(clientDir, '.vite/manifest.json');
  if (!existsSync(file)) return () => [];
  const manifest = JSON.parse(readFileSync(file, 'utf8')) as Record<string, Chunk>;
  const closure = (keys: string[], into = new Set<string>()) => {
    for (const key of keys) {
      const chunk = manifest[key];
      if (!chunk || into.has(chunk.file)) continue;
      into.add(chunk.file);
      closure(chunk.imports ?? [], into);
    }
    return into;
  };
  // What index.html loads itself (its entry chunk is a chunk group's, not flagged as the entry).
  const shell = readFileSync(join(clientDir, 'index.html'), 'utf8');
  const scripts = new Set([...shell.matchAll(/<script[^>]* src="\/([^"]+)"/g)].map((m) => m[1]!));
  const entry = closure(Object.keys(manifest).filter((key) => scripts.has(manifest[key]!.file)));
  const screens = SCREENS.map(
    ([pattern, module]) =>
      [pattern, [...closure([LAYOUT, module])].filter((f) => !entry.has(f)).map((f) => `/${f}`)] as const,
  );
  return (path) => screens.find(([pattern]) => pattern.test(path))?.[1] ?? [];
}
