import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { spellCheckFile } from 'cspell-lib';
import { describe, expect, it } from 'vitest';
import { contentDir } from '../../../src/server/db/seed/load-content.ts';

const root = join(import.meta.dirname, '../../..');
const configFile = join(root, '.cspell.json');

/** Every content file cspell is configured for (src/server/db/seed/content/**\/*.{md,yaml}). */
function contentFiles(dir = contentDir): string[] {
  return readdirSync(dir, { withFileTypes: true })
    .flatMap((e) => (e.isDirectory() ? contentFiles(join(dir, e.name)) : [join(dir, e.name)]))
    .filter((f) => /\.(md|yaml)$/.test(f))
    .sort();
}

type Issue = { file: string; line: number; word: string };

/** Spell checks through the cspell-lib API, with the project's .cspell.json. */
async function spellCheck(files: string[]): Promise<Issue[]> {
  const issues: Issue[] = [];
  for (const file of files) {
    const result = await spellCheckFile(file, { configFile, noConfigSearch: true }, {});
    if (result.errors?.length) throw result.errors[0];
    if (!result.checked) throw new Error(`cspell did not check ${file}`);
    const text = readFileSync(file, 'utf8');
    for (const issue of result.issues) {
      const line = text.slice(0, issue.offset).split('\n').length;
      issues.push({ file: relative(root, file), line, word: issue.text });
    }
  }
  return issues;
}

describe('spelling', () => {
  it('knows every word of the content files', { timeout: 120_000 }, async () => {
    const issues = await spellCheck(contentFiles());
    if (issues.length) {
      const words = [...new Set(issues.map((i) => i.word))].sort();
      console.error(
        `Unknown words (${words.length}): ${words.join(', ')}\n` +
          issues.map((i) => `  ${i.file}:${i.line} ${i.word}`).join('\n') +
          '\nFix the spelling, or add legitimate words to tests/content/podcast-jargon.txt.',
      );
    }
    expect(issues.map((i) => `${i.file}:${i.line} ${i.word}`)).toEqual([]);
  });
});
