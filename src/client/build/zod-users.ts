// Build step (vite.config.ts's chunk groups): which of our modules need zod when they load.
import { readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';

/**
 * Modules that build zod schemas when they load (src/shared's schema modules) or import one for
 * its values (forms, a fetcher that parses eagerly) stay out of the shared chunks (Entscheidung
 * CLI-2): a shared chunk holding one of them imports zod, and every first paint
 * loaded zod's 25 KB gzipped and built every schema (~200 ms at 4× CPU). The schema modules go to
 * chunks of their own beside zod's (vite.config.ts); fetchers load them with their first parse
 * (api/parse.ts), forms with their screen.
 */
const zodUsers = new Map<string, boolean>();
/** Does the module import zod for values, itself or through a module of ours it imports? */
export const usesZod = (id: string): boolean => {
  if (!/\.tsx?$/.test(id) || id.includes('node_modules')) return false;
  if (!zodUsers.has(id)) {
    zodUsers.set(id, false); // an import cycle ends here
    const source = readFileSync(id, 'utf8');
    const specifiers = [...source.matchAll(/^import\s+(?!type\b)[^;]*?from\s+'([^']+)';/gm)].map(
      (m) => m[1]!,
    );
    zodUsers.set(
      id,
      specifiers.some(
        (s) => s === 'zod' || (s.startsWith('.') && /\.tsx?$/.test(s) && usesZod(resolve(dirname(id), s))),
      ),
    );
  }
  return zodUsers.get(id)!;
};
