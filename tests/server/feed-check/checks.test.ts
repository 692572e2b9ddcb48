// The Feed-Check's rules, one by one, on feeds written for it: a well-made feed finds nothing,
// each fault finds its key (and the methods that help). Pure functions, no network.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { checkFeed } from '../../../src/server/feed-check/checks.ts';
import type { Artwork } from '../../../src/server/feeds/artwork.ts';
import { bareTitle } from '../../../src/server/feed-check/episode-checks.ts';
import { evaluateFeed } from '../../../src/server/feed-check/feed-check.ts';
import { chartMonths, rhythmFindings, rhythmOf } from '../../../src/server/feed-check/rhythm.ts';
import { durationSeconds } from '../../../src/server/feeds/feed-facts.ts';
import { parseFeed } from '../../../src/server/feeds/parse-feed.ts';

const ORIGIN = 'https://studio.test';
const fixture = (name: string) =>
  readFileSync(new URL(`../../fixtures/feeds/${name}`, import.meta.url), 'utf8').replaceAll(
    '{{ORIGIN}}',
    ORIGIN,
  );
const good = fixture('kompass-gut.rss');
const cover: Artwork = { format: 'png', width: 3000, height: 3000 };
const NOW = new Date('2026-11-26T10:00:00Z');

/** The keys a feed's check finds. */
function keys(xml: string, artwork: Artwork = cover, url = `${ORIGIN}/feed.xml`) {
  return evaluateFeed(parseFeed(xml), url, artwork, NOW).findings.map((f) => f.key);
}
const without = (pattern: RegExp) => good.replace(pattern, '');

describe('a well-made feed', () => {
  it('finds nothing', () => {
    expect(keys(good)).toEqual([]);
  });
});

describe('the cover (Apple Podcasts, Spotify)', () => {
  it.each<[string, Artwork, string]>([
    ['missing', 'missing', 'artwork_missing'],
    ['unreadable', 'unreadable', 'artwork_unreadable'],
    ['a WebP', { format: 'webp', width: 3000, height: 3000 }, 'artwork_format'],
    ['not square', { format: 'jpeg', width: 3000, height: 2000 }, 'artwork_square'],
    ['too small', { format: 'jpeg', width: 600, height: 600 }, 'artwork_size'],
    ['too large', { format: 'png', width: 4000, height: 4000 }, 'artwork_size'],
  ])('%s', (_name, artwork, key) => {
    expect(keys(good, artwork)).toEqual([key]);
  });

  it('1400 and 3000 pixels are both fine', () => {
    expect(keys(good, { format: 'jpeg', width: 1400, height: 1400 })).toEqual([]);
  });
});

describe('the channel', () => {
  it.each<[string, string, string]>([
    ['no category', without(/<itunes:category[^>]*\/>/), 'category_missing'],
    [
      'a category Apple does not know',
      good.replace('Society &amp; Culture', 'Gesellschaft'),
      'category_invalid',
    ],
    ['no itunes:explicit', without(/<itunes:explicit>false<\/itunes:explicit>/), 'explicit_missing'],
    ['no owner e-mail', without(/<itunes:email>[^<]*<\/itunes:email>/), 'owner_email_missing'],
    ['no language', without(/<language>de<\/language>/), 'language_missing'],
    [
      'a long title',
      good.replace('<title>Kompass Gut</title>', `<title>${'Sehr langer Titel '.repeat(4)}</title>`),
      'title_long',
    ],
    ['no description', without(/<description>Ein Podcast für[^<]*<\/description>/), 'description_missing'],
    [
      'a one-line description',
      good.replace(/<description>Ein Podcast für[^<]*</, '<description>Ein Podcast.<'),
      'description_short',
    ],
    [
      'a description over 4000 characters',
      good.replace(/<description>Ein Podcast für/, `<description>${'x'.repeat(4001)}`),
      'description_long',
    ],
    ['no podcast:guid', without(/<podcast:guid>[^<]*<\/podcast:guid>/), 'podcast_guid'],
    ['no podcast:locked', without(/<podcast:locked[^>]*>[^<]*<\/podcast:locked>/), 'podcast_locked'],
    ['no podcast:funding', without(/<podcast:funding[^>]*>[^<]*<\/podcast:funding>/), 'podcast_funding'],
  ])('%s', (_name, xml, key) => {
    expect(keys(xml)).toEqual([key]);
  });

  it('https: the feed itself over http', () => {
    expect(keys(good, cover, 'http://studio.test/feed.xml')).toEqual(['https']);
  });
});

describe('the episodes', () => {
  it.each<[string, string, string[]]>([
    ['two episodes with one GUID', good.replace('kompass-gut-7<', 'kompass-gut-8<'), ['guid_duplicate']],
    [
      'an episode without GUID',
      good.replace(/<guid isPermaLink="false">kompass-gut-3<\/guid>/, ''),
      ['guid_missing'],
    ],
    [
      'an episode without enclosure',
      good.replace(/<enclosure url="[^"]*folge-5.mp3"[^>]*\/>/, ''),
      ['enclosure_missing'],
    ],
    ['two episodes with one audio file', good.replace('folge-7.mp3', 'folge-8.mp3'), ['enclosure_duplicate']],
    [
      'an enclosure without type',
      good.replace('type="audio/mpeg" length="30000004"', 'length="30000004"'),
      ['enclosure_type'],
    ],
    ['an enclosure without length', good.replace('length="30000004"', 'length="0"'), ['enclosure_length']],
    [
      'audio over http',
      good.replace(
        'https://op3.dev/e/cdn.example.org/kompass-gut/folge-2.mp3',
        'http://op3.dev/e/cdn.example.org/kompass-gut/folge-2.mp3',
      ),
      ['https'],
    ],
    ['no transcripts', without(/<podcast:transcript[^>]*\/>/g), ['podcast_transcript']],
    ['no chapters', without(/<podcast:chapters[^>]*\/>/g), ['podcast_chapters']],
    ['nobody named', without(/<podcast:person[^>]*>[^<]*<\/podcast:person>/g), ['podcast_person']],
    ['no episode numbers', without(/<itunes:episode>\d+<\/itunes:episode>/g), ['episode_numbers']],
    [
      'bare titles',
      good.replace(
        /<title>Warum Routinen kreativ machen – mit Gästin (\d)<\/title>/g,
        '<title>Folge $1</title>',
      ),
      ['episode_title_bare'],
    ],
    ['the number first', good.replace(/<title>Warum/g, '<title>#12: Warum'), ['episode_title_long']],
    [
      'short show notes',
      good.replace(
        /<description><!\[CDATA\[[\s\S]*?\]\]><\/description>/g,
        '<description>Neue Folge: https://example.org</description>',
      ),
      ['shownotes_short'],
    ],
    ['show notes without links', good.replace(/<p>Links:[^\n]*?<\/p>/g, ''), ['shownotes_links']],
  ])('%s', (_name, xml, expected) => {
    expect(keys(xml)).toEqual(expected);
  });

  it('knows a bare title from a title with a topic', () => {
    for (const title of ['Folge 12', '#12', 'Episode 3:', '42', 'Nr. 7']) expect(bareTitle(title)).toBe(true);
    for (const title of ['Folge 12: Wie man startet', 'Die 12 besten Tipps'])
      expect(bareTitle(title)).toBe(false);
  });

  it('reads itunes:duration in each of its forms', () => {
    expect([
      durationSeconds('3600'),
      durationSeconds('1:02:03'),
      durationSeconds('45:10'),
      durationSeconds('lang'),
    ]).toEqual([3600, 3723, 2710, null]);
  });
});

describe('a feed with the typical faults', () => {
  it('finds them, errors first, each with its methods', () => {
    const { findings } = evaluateFeed(
      parseFeed(fixture('kompass-fehlerhaft.rss')),
      `${ORIGIN}/feed.xml`,
      { format: 'png', width: 500, height: 400 },
      NOW,
    );
    const found = findings.map((f) => f.key);
    for (const key of [
      'artwork_square',
      'artwork_size',
      'category_missing',
      'explicit_missing',
      'language_missing',
      'guid_duplicate',
      'enclosure_length',
      'https',
      'owner_email_missing',
      'episode_title_bare',
      'shownotes_short',
    ]) {
      expect(found).toContain(key);
    }
    const severities = findings.map((f) => f.severity);
    expect(severities).toEqual(
      [...severities].sort(
        (a, b) => ['error', 'warning', 'tip'].indexOf(a) - ['error', 'warning', 'tip'].indexOf(b),
      ),
    );
    expect(findings.find((f) => f.key === 'artwork_size')!.practices).toContain(12);
    expect(findings.find((f) => f.key === 'episode_title_bare')!.practices).toContain(3);
  });

  it('a real feed: narro has no category and an http link', () => {
    const xml = readFileSync(new URL('../../fixtures/feeds/narro.rss', import.meta.url), 'utf8').replaceAll(
      '{{ORIGIN}}',
      ORIGIN,
    );
    expect(checkFeed(parseFeed(xml).facts, 'http://on.narro.co/f', cover).map((f) => f.key)).toEqual(
      expect.arrayContaining(['category_missing', 'https']),
    );
  });
});

describe('the rhythm', () => {
  const weekly = (n: number, lastDay: string, stepDays = 7) =>
    Array.from({ length: n }, (_, k) => ({
      publishedAt: new Date(
        new Date(`${lastDay}T05:00:00Z`).getTime() - k * stepDays * 86_400_000,
      ).toISOString(),
      duration: 2400,
    }));

  it('weekly on Tuesdays: a median of 7 days, regular, the usual weekday, months for the chart', () => {
    const rhythm = rhythmOf(weekly(8, '2026-11-24'), NOW);
    expect(rhythm).toMatchObject({
      episodes: 8,
      median_days: 7,
      regularity: 1,
      days_since_last: 2,
      weekday: 2,
    });
    expect(rhythm.months.at(-1)).toEqual({ month: '2026-11', episodes: 4, minutes: 40 });
    expect(rhythmFindings(rhythm)).toEqual([]);
  });

  it('a pause longer than twice the usual interval', () => {
    const rhythm = rhythmOf(weekly(8, '2026-10-01'), NOW);
    expect(rhythm.days_since_last).toBe(56);
    expect(rhythmFindings(rhythm).map((f) => f.key)).toEqual(['rhythm_gap']);
  });

  it('irregular publishing', () => {
    const days = [0, 3, 20, 22, 45, 52, 80, 95].map((d) => ({
      publishedAt: new Date(NOW.getTime() - d * 86_400_000).toISOString(),
      duration: null,
    }));
    const rhythm = rhythmOf(days, NOW);
    expect(rhythm.regularity).toBeLessThan(0.5);
    expect(rhythmFindings(rhythm).map((f) => f.key)).toEqual(['rhythm_irregular']);
  });

  it('the chart months: every calendar month up to the newest episode, a pause as 0, at most 12', () => {
    const at = (day: string, minutes: number | null) => ({
      publishedAt: `${day}T18:00:00Z`,
      duration: minutes === null ? null : minutes * 60,
    });
    // Two in November 2025 (30 and 45 min: 37.5 rounds to 38), none until March, one untimed.
    const rhythm = rhythmOf([at('2025-11-04', 30), at('2025-11-18', 45), at('2026-03-03', null)], NOW);
    expect(rhythm.months).toEqual([
      { month: '2025-11', episodes: 2, minutes: 38 },
      { month: '2025-12', episodes: 0, minutes: null },
      { month: '2026-01', episodes: 0, minutes: null },
      { month: '2026-02', episodes: 0, minutes: null },
      { month: '2026-03', episodes: 1, minutes: null },
    ]);
    // Berlin's month: 23:30 UTC on 31 January is 1 February there.
    expect(rhythmOf([{ publishedAt: '2026-01-31T23:30:00Z', duration: 600 }], NOW).months).toEqual([
      { month: '2026-02', episodes: 1, minutes: 10 },
    ]);
    expect(chartMonths('2019-05', '2026-02')).toEqual([
      '2025-03',
      '2025-04',
      '2025-05',
      '2025-06',
      '2025-07',
      '2025-08',
      '2025-09',
      '2025-10',
      '2025-11',
      '2025-12',
      '2026-01',
      '2026-02',
    ]);
    expect(rhythmOf([], NOW).months).toEqual([]);
  });

  it('says nothing from fewer than five episodes', () => {
    expect(rhythmFindings(rhythmOf(weekly(3, '2026-01-01'), NOW))).toEqual([]);
  });
});
