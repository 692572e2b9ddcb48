import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { contentEmoji } from '../../../src/client/build/twemoji.ts';

function contentDir(files: Record<string, string>) {
  const dir = mkdtempSync(join(tmpdir(), 'twemoji-content-'));
  mkdirSync(join(dir, 'practices'));
  for (const [name, text] of Object.entries(files)) writeFileSync(join(dir, name), text);
  return dir;
}

describe('contentEmoji', () => {
  it('reads method front matter and compilations, skipping files still being written', () => {
    const dir = contentDir({
      'practices/001-a.md': '---\nid: 1\nemoji: "📝"\n---\nText',
      'practices/002-b.md': '---\nid: 2\nemoji: "🎙️"\n---\n',
      'practices/003-broken.md': '---\nid: [unclosed\n---\n',
      'practices/notes.txt': 'emoji: "🚫"',
      'compilations.yaml': '- id: 1\n  emoji: "🚀"\n- id: 2\n  emoji: "🎧"\n',
    });
    expect(contentEmoji(dir).sort()).toEqual(['📝', '🎙️', '🚀', '🎧'].sort());
  });

  it('copes with missing folders', () => {
    expect(contentEmoji(join(tmpdir(), 'does-not-exist-kompass'))).toEqual([]);
  });
});
