// The chunks of each first screen, written by the build as dist/client/screen-chunks.json
// (Entscheidung CLI-5): the server preloads them on a signed-in user's page
// (src/server/http/screen-preloads.ts) and so names no client file itself. Made from the build's
// manifest with the screens' modules named in src/shared/first-screens.ts: the frame's and the
// screen's chunks with what they import statically, without what index.html loads itself.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Plugin } from 'vite';
import { FIRST_SCREENS, SCREEN_FRAME, type ScreenName } from '../../shared/first-screens.ts';

type Chunk = { file: string; imports?: string[] };

export const SCREEN_CHUNKS = 'screen-chunks.json';

/**
 * The scripts a first paint of each first screen needs, as files under the client folder: `entry`
 * what index.html loads with everything it imports statically, and by screen the frame's and the
 * screen's chunks with their static imports, without the entry's. Null without a manifest.
 */
export function firstScreenScripts(
  clientDir: string,
): { entry: string[]; screens: Record<ScreenName, string[]> } | null {
  const file = join(clientDir, '.vite/manifest.json');
  if (!existsSync(file)) return null;
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
  const chunks = (module: string) => [...closure([SCREEN_FRAME, module])].filter((f) => !entry.has(f));
  const screens = Object.fromEntries(
    Object.entries(FIRST_SCREENS).map(([name, screen]) => [name, chunks(screen.module)]),
  ) as Record<ScreenName, string[]>;
  return { entry: [...entry], screens };
}

/** The `/assets/…` paths each first screen loads after the entry, by screen; null without a manifest. */
export function screenChunks(clientDir: string): Record<ScreenName, string[]> | null {
  const found = firstScreenScripts(clientDir);
  if (!found) return null;
  return Object.fromEntries(
    Object.entries(found.screens).map(([name, files]) => [name, files.map((f) => `/${f}`)]),
  ) as Record<ScreenName, string[]>;
}

/** Writes screen-chunks.json beside the manifest; nothing without one. */
export function writeScreenChunks(clientDir: string) {
  const chunks = screenChunks(clientDir);
  if (chunks) writeFileSync(join(clientDir, SCREEN_CHUNKS), JSON.stringify(chunks));
}

/** The vite plugin: once the client's files (index.html, the manifest) are written. */
export function screenChunksPlugin(clientDir: string): Plugin {
  return { name: 'kompass-screen-chunks', apply: 'build', closeBundle: () => writeScreenChunks(clientDir) };
}
