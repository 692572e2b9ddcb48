// The Feed-Check's texts as a podcaster reads them: each names the thing in German before its tag,
// and the https finding lists what it found without repeating 'Feed'.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { evaluateFeed } from '../../../src/server/feed-check/feed-check.ts';
import { parseFeed } from '../../../src/server/feeds/parse-feed.ts';

const ORIGIN = 'https://studio.test';
const good = readFileSync(
  new URL('../../fixtures/feeds/kompass-gut.rss', import.meta.url),
  'utf8',
).replaceAll('{{ORIGIN}}', ORIGIN);
const NOW = new Date('2026-11-26T10:00:00Z');
const messages = (xml: string, url = `${ORIGIN}/feed.xml`) =>
  evaluateFeed(parseFeed(xml), url, { format: 'png', width: 3000, height: 3000 }, NOW).findings.map(
    (f) => f.message,
  );

describe('Feed-Check texts', () => {
  it('say what an http feed loads without https, once', () => {
    const [text] = messages(good, 'http://studio.test/feed.xml');
    expect(text).toBe(
      'Ohne https geladen: der Feed selbst. Manche Apps und Browser blockieren solche Adressen.',
    );
  });

  it('give every tag they name a German word first', () => {
    const bare = good.replace(/<podcast:(guid|locked|funding|person)[^]*?<\/podcast:\1>/g, '');
    const texts = messages(bare);
    expect(texts.length).toBeGreaterThanOrEqual(3);
    for (const text of texts) {
      for (const [, before] of text.matchAll(/(\S+) \((?:podcast|itunes):/g))
        expect(before).not.toMatch(/^(kein|keine|mit)$/);
      expect(text).not.toMatch(/(kein|keine|mit) (podcast|itunes):/);
    }
  });
});
