// No two files of the client share a base name in different folders (Entscheidung TST-3): the
// build names a chunk after its module's file name, and the precache and the admin list
// (src/client/build/precache.ts) pick chunks by that name, so two `feedback-widget`s would be one
// name for two chunks; and a reader of the structure takes two such files for one module.
import { readdirSync } from 'node:fs';
import { basename, dirname, join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

const client = join(import.meta.dirname, '../../../src/client');

/**
 * Every file under src/client, by its base name without the extension, as paths relative to it.
 * READMEs are documentation, one for each folder, and are not modules.
 */
function byBaseName(root: string): Map<string, string[]> {
  const names = new Map<string, string[]>();
  for (const entry of readdirSync(root, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile() || entry.name === 'README.md') continue;
    const name = basename(entry.name).replace(/\.[^.]+$/, '');
    const path = relative(root, join(entry.parentPath, entry.name));
    names.set(name, [...(names.get(name) ?? []), path]);
  }
  return names;
}

describe('client file names', () => {
  it('no base name is used in two folders', () => {
    const shared = [...byBaseName(client)]
      .filter(([, paths]) => new Set(paths.map(dirname)).size > 1)
      .map(([, paths]) => paths.join(' and '));
    expect(shared).toEqual([]);
  });
});
