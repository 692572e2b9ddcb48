// What the first screens' scripts weigh in a build: per screen the entry's and the screen's chunks
// (src/client/build/screen-chunks.ts), each by its name without the hash and its size as the
// server sends it (the build's brotli copy; a file under 1 KB has none and goes as it is).
import { existsSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { firstScreenScripts } from '../../../src/client/build/screen-chunks.ts';
import type { ScreenName } from '../../../src/shared/first-screens.ts';

/** `assets/app-layout-q7sHu9MK.js` → `app-layout`. */
export const chunkName = (file: string) => file.replace(/^assets\//, '').replace(/-[\w-]{8}\.js$/, '');

/** Bytes a browser that accepts brotli receives for `file` (a path under `clientDir`). */
export function sentBytes(clientDir: string, file: string) {
  const path = join(clientDir, file);
  return statSync(existsSync(`${path}.br`) ? `${path}.br` : path).size;
}

export type ScreenScripts = Record<ScreenName, Map<string, number>>;

/** Each first screen's scripts before its first paint, chunk name → bytes sent; null without a build. */
export function firstScreenSizes(clientDir: string): ScreenScripts | null {
  const found = firstScreenScripts(clientDir);
  if (!found) return null;
  return Object.fromEntries(
    Object.entries(found.screens).map(([screen, files]) => [
      screen,
      new Map([...found.entry, ...files].map((file) => [chunkName(file), sentBytes(clientDir, file)])),
    ]),
  ) as ScreenScripts;
}
