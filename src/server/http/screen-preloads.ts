// The chunks of the app screen a signed-in user's page opens, preloaded by the page itself
// (`<link rel="modulepreload">`, Entscheidung HTTP-4). The build writes each first screen's chunks
// (screen-chunks.json, src/client/build/screen-chunks.ts) from the screens declared in
// src/shared/first-screens.ts, so no client file is named here (Entscheidung CLI-5); without that file (tests, an older
// build) nothing is preloaded.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { firstScreen, type ScreenName } from '../../shared/first-screens.ts';

/** The paths (`/assets/…`) of the chunks a page of `path` loads after the entry; by the page's path. */
export function screenPreloads(clientDir: string): (path: string) => string[] {
  const file = join(clientDir, 'screen-chunks.json');
  if (!existsSync(file)) return () => [];
  const chunks = JSON.parse(readFileSync(file, 'utf8')) as Partial<Record<ScreenName, string[]>>;
  return (path) => {
    const screen = firstScreen(path);
    return (screen && chunks[screen.name]) ?? [];
  };
}
