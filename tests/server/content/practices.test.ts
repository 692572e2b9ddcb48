import { describe, expect, it } from 'vitest';
import YAML from 'yaml';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { contentDir, loadPractices } from '../../../src/server/db/seed/load-content.ts';
import { keywordFileSchema } from '../../../src/shared/content.ts';

const practices = loadPractices();
const keywords = keywordFileSchema.parse(YAML.parse(readFileSync(join(contentDir, 'keywords.yaml'), 'utf8')));

/** Sentences of a markdown text without headings, normalised for comparison. */
export function sentences(markdown: string): string[] {
  return markdown
    .split('\n')
    .filter((line) => !line.startsWith('#'))
    .join(' ')
    .replace(/^\s*(\d+\.|[-*])\s+/gm, ' ')
    .split(/(?<=[.!?])\s+/)
    .map((s) => s.replace(/[*_`]/g, '').replace(/\s+/g, ' ').trim().toLowerCase())
    .filter((s) => s.split(' ').length >= 5);
}

describe('method files', () => {
  it('hold 99 methods with ids 1 to 99, each once', () => {
    expect(practices.map((p) => p.id).sort((a, b) => a - b)).toEqual(
      Array.from({ length: 99 }, (_, i) => i + 1),
    );
  });

  it('use only keywords of the keyword list', () => {
    const known = new Set(keywords.map((k) => k.handle));
    for (const p of practices) {
      expect(
        p.keywords.filter((k) => !known.has(k)),
        p.file,
      ).toEqual([]);
    }
  });

  it('describe each method in at least 150 words', () => {
    for (const p of practices) {
      expect(p.description.split(/\s+/).length, p.file).toBeGreaterThanOrEqual(150);
    }
  });

  it('have unique titles', () => {
    const titles = practices.map((p) => p.title);
    expect(new Set(titles).size).toBe(titles.length);
  });

  it('never repeat a sentence of another method', () => {
    const seen = new Map<string, string>();
    const repeats: string[] = [];
    for (const p of practices) {
      for (const s of new Set(sentences(p.description))) {
        const other = seen.get(s);
        if (other && other !== p.file) repeats.push(`${p.file} ~ ${other}: ${s}`);
        seen.set(s, p.file);
      }
    }
    expect(repeats).toEqual([]);
  });

  it('each have a context, action steps and a rating (a method without a rating has no score)', () => {
    const partial = practices.filter((p) => !p.context || !p.actions?.length || !p.rating).map((p) => p.file);
    expect(partial).toEqual([]);
  });
});
