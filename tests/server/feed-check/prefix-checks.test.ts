// The Feed-Check reads the tracking prefixes on the latest episodes' audio links: OP3 measures
// openly (nothing to do), Podtrac and Blubrry are named as tips, Chartable (shut down end of
// 2024) is an error, and a feed without any measuring prefix is pointed to OP3.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { checkTitles } from '../../../src/shared/feed-check.ts';
import { evaluateFeed } from '../../../src/server/feed-check/feed-check.ts';
import { prefixesOf } from '../../../src/server/feed-check/prefix-checks.ts';
import { parseFeed } from '../../../src/server/feeds/parse-feed.ts';

const ORIGIN = 'https://studio.test';
const good = readFileSync(
  new URL('../../fixtures/feeds/kompass-gut.rss', import.meta.url),
  'utf8',
).replaceAll('{{ORIGIN}}', ORIGIN);
const NOW = new Date('2026-11-26T10:00:00Z');
const OP3 = 'https://op3.dev/e/';
/** The feed with its audio links' OP3 prefix replaced by `prefix` (the first `n` episodes only). */
const withPrefix = (prefix: string, n = Infinity) => {
  let left = n;
  return good.replace(/<enclosure url="https:\/\/op3\.dev\/e\//g, (all) =>
    left-- > 0 ? `<enclosure url="${prefix}` : all,
  );
};
const prefixFindings = (xml: string) =>
  evaluateFeed(parseFeed(xml), `${ORIGIN}/feed.xml`, { format: 'png', width: 3000, height: 3000 }, NOW)
    .findings.filter((f) => f.key.startsWith('prefix_'))
    .map(({ key, severity, message, practices }) => ({ key, severity, message, practices }));

describe('tracking prefixes', () => {
  it('recognise each service, also chained and in OP3’s podcast:guid form', () => {
    expect(prefixesOf('https://op3.dev/e/cdn.example.org/a.mp3')).toEqual(['op3']);
    expect(
      prefixesOf('https://op3.dev/e,pg=9b024349-ccf0-5f69-a609-6b82873eab3c/cdn.example.org/a.mp3'),
    ).toEqual(['op3']);
    expect(
      prefixesOf('https://dts.podtrac.com/redirect.mp3/op3.dev/e/chtbl.com/track/X1/cdn.example.org/a.mp3'),
    ).toEqual(['op3', 'podtrac', 'chartable']);
    expect(prefixesOf('https://media.blubrry.com/zeitreise/cdn.example.org/a.mp3')).toEqual(['blubrry']);
    expect(prefixesOf('https://cdn.example.org/op3.dev.mp3')).toEqual([]);
  });

  it('find nothing to do for a feed measured by OP3', () => {
    expect(prefixFindings(good)).toEqual([]);
  });

  it('call Chartable a hop to a dead service, and suggest OP3 when nothing else measures', () => {
    const found = prefixFindings(withPrefix('https://chtbl.com/track/AB12C/'));
    expect(found.map((f) => [f.key, f.severity])).toEqual([
      ['prefix_chartable', 'error'],
      ['prefix_none', 'tip'],
    ]);
    expect(found[0]!.message).toBe(
      'Die Audio-Links der letzten 8 Folgen laufen noch über Chartable (chtbl.com). Chartable wurde Ende 2024 abgeschaltet: Das Präfix ist nur noch ein Umweg über einen toten Dienst, der Downloads scheitern lassen kann. Entferne es in den Einstellungen deines Hosters.',
    );
    expect(found[1]!.message).toContain('Setze https://op3.dev/e/ vor die Audio-Links');
    expect(found.every((f) => f.practices.includes(96))).toBe(true);
  });

  it('count the episodes that still carry Chartable in front of OP3', () => {
    const found = prefixFindings(withPrefix(`${OP3}chtbl.com/track/AB12C/`, 2));
    expect(found.map((f) => f.key)).toEqual(['prefix_chartable']);
    expect(found[0]!.message).toMatch(
      /^Die Audio-Links von 2 der letzten 8 Folgen laufen noch über Chartable/,
    );
  });

  it('name Podtrac and Blubrry as tips that say how their numbers get here', () => {
    expect(prefixFindings(withPrefix('https://dts.podtrac.com/redirect.mp3/'))).toEqual([
      {
        key: 'prefix_podtrac',
        severity: 'tip',
        message:
          'Die Audio-Links der letzten 8 Folgen laufen über Podtrac. Seine Zahlen siehst du bei Podtrac; als Export (CSV) kannst du sie unter „Hörerzahlen“ hochladen.',
        practices: [96],
      },
    ]);
    expect(prefixFindings(withPrefix('https://media.blubrry.com/zeitreise/')).map((f) => f.key)).toEqual([
      'prefix_blubrry',
    ]);
  });

  it('suggest OP3 for plain audio links, and give every finding a title', () => {
    const found = prefixFindings(withPrefix('https://'));
    expect(found.map((f) => f.key)).toEqual(['prefix_none']);
    expect(found[0]!.message).toMatch(/^Die Audio-Links der letzten 8 Folgen laufen über kein Mess-Präfix\./);
    for (const key of ['prefix_chartable', 'prefix_podtrac', 'prefix_blubrry', 'prefix_none'])
      expect(checkTitles[key], key).toBeTruthy();
  });
});
