import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadContent, type Content } from '../../../src/server/db/seed/load-content.ts';
import { twemojiCode } from '../../../src/shared/twemoji.ts';

const twemojiDir = join(import.meta.dirname, '../../../node_modules/@twemoji/svg');

let loaded: Content | undefined;
/** All content files, read through the seed loader so every zod schema is applied. */
function content(): Content {
  loaded ??= loadContent();
  return loaded;
}

/** Values that occur more than once. */
function duplicates<T>(values: T[]): T[] {
  return [...new Set(values.filter((v, i) => values.indexOf(v) !== i))];
}

describe('content files', () => {
  it('all pass their schemas', () => {
    expect(() => content()).not.toThrow();
  });
});

describe('compilations', () => {
  it('have unique ids', () => {
    expect(duplicates(content().compilations.map((c) => c.id))).toEqual([]);
  });

  it('start with edition 1, which holds every method exactly once', () => {
    const first = content().compilations.find((c) => c.id === 1);
    expect(first?.type).toBe('edition');
    const ids = content().practices.map((p) => p.id);
    expect([...first!.practices].sort((a, b) => a - b)).toEqual([...ids].sort((a, b) => a - b));
  });

  it('refer only to existing methods, each at most once per set', () => {
    const known = new Set(content().practices.map((p) => p.id));
    for (const c of content().compilations) {
      expect(
        c.practices.filter((id) => !known.has(id)),
        `${c.title}: unknown ids`,
      ).toEqual([]);
      expect(duplicates(c.practices), `${c.title}: duplicate ids`).toEqual([]);
    }
  });

  it('offer at least 3 editions and 5 playbooks of 6 to 15 methods', () => {
    const { compilations } = content();
    const playbooks = compilations.filter((c) => c.type === 'playbook');
    expect(compilations.filter((c) => c.type === 'edition').length).toBeGreaterThanOrEqual(3);
    expect(playbooks.length).toBeGreaterThanOrEqual(5);
    for (const p of playbooks) {
      expect(p.practices.length, p.title).toBeGreaterThanOrEqual(6);
      expect(p.practices.length, p.title).toBeLessThanOrEqual(15);
    }
  });

  it('have unique titles', () => {
    expect(duplicates(content().compilations.map((c) => c.title))).toEqual([]);
  });
});

describe('advices', () => {
  it('never repeat themselves', () => {
    const normalised = content().advices.map((a) => a.toLowerCase().replace(/\s+/g, ' ').trim());
    expect(duplicates(normalised)).toEqual([]);
  });
});

describe('categories', () => {
  it('have unique ids and names', () => {
    const { categories } = content();
    expect(duplicates(categories.map((c) => c.id))).toEqual([]);
    expect(duplicates(categories.map((c) => c.display))).toEqual([]);
  });
});

describe('changelog and roadmap', () => {
  it('changelog ids are unique', () => {
    expect(duplicates(content().changelog.map((e) => e.id))).toEqual([]);
  });

  it('changelog is sorted newest first', () => {
    const semver = (v: string) => v.split('.').map(Number);
    const newer = (a: Content['changelog'][number], b: Content['changelog'][number]) => {
      if (a.released_at !== b.released_at) return a.released_at > b.released_at;
      const [x, y] = [semver(a.release), semver(b.release)];
      const diff = x.map((n, i) => n - y[i]!).find((d) => d !== 0);
      return diff !== undefined ? diff > 0 : a.id > b.id;
    };
    const { changelog } = content();
    const outOfOrder = changelog
      .slice(1)
      .filter((entry, i) => !newer(changelog[i]!, entry))
      .map((e) => e.id);
    expect(outOfOrder).toEqual([]);
  });

  it('roadmap ids are unique', () => {
    expect(duplicates(content().roadmap.map((e) => e.id))).toEqual([]);
  });
});

describe('emojis', () => {
  it('map to Twemoji file names', () => {
    expect(twemojiCode('📝')).toBe('1f4dd');
    expect(twemojiCode('❤️')).toBe('2764');
    expect(twemojiCode('❤')).toBe('2764');
    expect(twemojiCode('🎙️')).toBe('1f399');
    expect(twemojiCode('#️⃣')).toBe('23-20e3');
    expect(twemojiCode('👍🏽')).toBe('1f44d-1f3fd');
    expect(twemojiCode('🇩🇪')).toBe('1f1e9-1f1ea');
    expect(twemojiCode('❤️‍🔥')).toBe('2764-fe0f-200d-1f525');
    expect(twemojiCode('🏳️‍🌈')).toBe('1f3f3-fe0f-200d-1f308');
    expect(twemojiCode('👁️‍🗨️')).toBe('1f441-200d-1f5e8');
  });

  it('of every method and set have a Twemoji SVG', () => {
    const { practices, compilations } = content();
    const missing = [
      ...practices.map((p) => ({ where: p.file, emoji: p.emoji })),
      ...compilations.map((c) => ({ where: `compilation ${c.id}`, emoji: c.emoji })),
    ]
      .filter(({ emoji }) => !existsSync(join(twemojiDir, `${twemojiCode(emoji)}.svg`)))
      .map(({ where, emoji }) => `${where}: ${emoji} (${twemojiCode(emoji)}.svg)`);
    expect(missing).toEqual([]);
  });
});
