// Where the editorial content lives and what its files hash to, without parsing them: a start
// checks this and loads the parser (load-content.ts, yaml and gray-matter) only when they changed.
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { dirname, join } from 'node:path';

/** The content folder, found from the project root so the bundled server (dist/) finds it too. */
function findContentDir(dir = import.meta.dirname): string {
  if (existsSync(join(dir, 'package.json'))) return join(dir, 'src/server/db/seed/content');
  if (dirname(dir) === dir) throw new Error('Kompass Studio: project root with package.json not found');
  return findContentDir(dirname(dir));
}

export const contentDir = findContentDir();

/**
 * A hash of the content files' names and bytes: reading them is a few milliseconds, parsing and
 * validating them most of a start, so a start parses only when this changed (seed.ts).
 */
export function contentFilesHash(dir = contentDir) {
  const hash = createHash('sha256');
  const walk = (folder: string) => {
    for (const entry of readdirSync(folder, { withFileTypes: true }).sort((a, b) =>
      a.name < b.name ? -1 : 1,
    )) {
      const path = join(folder, entry.name);
      if (entry.isDirectory()) walk(path);
      else hash.update(`${path.slice(dir.length)}\0`).update(readFileSync(path));
    }
  };
  walk(dir);
  return hash.digest('hex');
}
