// Feeds as lenient as podcast apps: every real feed of
// /work/shared/fixtures/feeds-more/ (public fixtures of podcast parsers) with its episode count and
// its dates, a Latin-1 feed without declaration, and each date case podcast apps read.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parseFeedDate } from '../../../src/server/feeds/feed-dates.ts';
import { FeedError } from '../../../src/server/feeds/feed-error.ts';
import { feedMessages, feedText, parseFeed } from '../../../src/server/feeds/parse-feed.ts';

const MORE = '/work/shared/fixtures/feeds-more/';
const bytes = (name: string) => readFileSync(`${MORE}${name}`);
const read = (name: string) => parseFeed(feedText(bytes(name)));
const undated = (name: string) =>
  read(name)
    .episodes.filter((e) => e.publishedAt === null)
    .map((e) => e.title);

describe('real feeds from podcast parsers', () => {
  // [file, episodes (after duplicate keys), title]
  const dated: [string, number, string][] = [
    ['partytime-pc20rss.xml', 56, 'Podcasting 2.0'],
    ['partytime-themnshow.xml', 54, 'The Mike Neumann Show'],
    ['partytime-no-agenda.xml', 29, 'No Agenda'],
    ['partytime-sentimental-garbage.xml', 138, 'Sentimental Garbage'],
    ['partytime-dk-podcast.xml', 59, 'Langsam gesprochene Nachrichten | Audios | DW Deutsch lernen'],
    // 643 items, 5 of them repeat a guid.
    ['radiofeed-rss_mock_iso_8859-1.xml', 638, 'Thunder & Lightning'],
    ['radiofeed-rss_use_link_ids.xml', 373, 'Varsovia Vento Podkasto'],
    ['rssparser-rss-1.rss', 69, 'Science twis'],
  ];
  it.each(dated)('%s: %i episodes, every one dated', (name, count, title) => {
    const feed = read(name);
    expect(feed.title).toBe(title);
    expect(feed.episodes).toHaveLength(count);
    expect(feed.episodes.filter((e) => e.publishedAt === null)).toEqual([]);
  });

  it('radiofeed-rss_bad_pub_date.xml: 74 episodes (one guid twice), undated only where no date is written', () => {
    const feed = read('radiofeed-rss_bad_pub_date.xml');
    expect(feed.episodes).toHaveLength(74);
    // One item has no pubDate at all, one an empty one: nothing to read there.
    expect(undated('radiofeed-rss_bad_pub_date.xml')).toEqual([
      'CBS Radio Mystery Theater - 0017 - A Very Old Man',
      'CBS Radio Mystery Theater - 0016 - Dead For A Dollar',
    ]);
    const dates = new Set(feed.episodes.map((e) => e.publishedAt));
    // `Sun, 28 Apr 2013 15:12:352 CST`, `Mon, 03 Jan 2011 012:31:50 CST`, `Sat, 07 Mar 2009 24:28:20 CST`,
    // `Thurs, 18 Jun 2009 …`, `Sun, 08 July 2012 …`.
    for (const iso of [
      '2013-04-28T21:12:59.000Z',
      '2011-01-03T18:31:50.000Z',
      '2009-03-08T06:28:20.000Z',
      '2009-06-19T03:16:13.000Z',
      '2012-07-08T13:12:01.000Z',
    ]) {
      expect(dates).toContain(iso);
    }
  });

  it('rssparser-heise.atom: an Atom news feed stays refused with the hint to the RSS feed', () => {
    expect(() => read('rssparser-heise.atom')).toThrowError(new FeedError(feedMessages.atom));
  });
});

describe('text without a declared encoding', () => {
  it('reads Latin-1 bytes without XML declaration as Windows-1252 (the real ISO-8859-1 feed, its declaration taken off)', () => {
    const body = bytes('radiofeed-rss_mock_iso_8859-1.xml');
    const bare = body.subarray(body.indexOf('<rss'));
    for (const contentType of [undefined, 'application/rss+xml; charset=utf-8']) {
      const feed = parseFeed(feedText(bare, contentType));
      expect(feed.episodes).toHaveLength(638);
      expect(feed.episodes.filter((e) => e.publishedAt === null)).toEqual([]);
      expect(feed.episodes.map((e) => e.title)).toContain(
        '1-8-21: Can Mississippi State Keep Momentum in Men\u2019s Basketball',
      );
      expect(feed.episodes.some((e) => e.title.includes('\uFFFD'))).toBe(false);
    }
  });

  it('keeps valid UTF-8 as UTF-8 and a declared encoding as declared', () => {
    const utf8 = Buffer.from('<rss><channel><title>Grüße – €</title></channel></rss>', 'utf8');
    expect(parseFeed(feedText(utf8)).title).toBe('Grüße – €');
    const latin = Buffer.from(
      '<?xml version="1.0" encoding="ISO-8859-1"?><rss><channel><title>Gr\xfc\xdfe</title></channel></rss>',
      'latin1',
    );
    expect(parseFeed(feedText(latin)).title).toBe('Grüße');
    const cp1252 = Buffer.from(
      '<rss><channel><title>Gr\xfc\xdfe \x80 \x96</title></channel></rss>',
      'latin1',
    );
    expect(parseFeed(feedText(cp1252)).title).toBe('Grüße € –');
  });
});

describe('dates podcast apps read', () => {
  const iso = (text: string) => parseFeedDate(text)?.toISOString() ?? null;
  it.each([
    // Spanish, Portuguese, Catalan, Italian, French, German month and day names
    ['Tue, 14 Dic 2010 10:00:00 GMT', '2010-12-14T10:00:00.000Z'],
    ['Mar, 14 Dic 2010 10:00:00 +0100', '2010-12-14T09:00:00.000Z'],
    ['Dom, 28 Abr 2013 15:00:00 GMT', '2013-04-28T15:00:00.000Z'],
    ['Mié, 02 Ene 2019 08:00:00 GMT', '2019-01-02T08:00:00.000Z'],
    ['Sáb, 05 Ago 2017 12:00:00 GMT', '2017-08-05T12:00:00.000Z'],
    ['14 de diciembre de 2010 10:00', '2010-12-14T10:00:00.000Z'],
    ['Seg, 24 Set 2018 06:30:00 -0300', '2018-09-24T09:30:00.000Z'],
    ['Qui, 10 Out 2019 06:30:00 GMT', '2019-10-10T06:30:00.000Z'],
    ['Sex, 01 Fev 2019 06:30:00 GMT', '2019-02-01T06:30:00.000Z'],
    ['dl., 5 ag. 2019 10:00:00 +0200', '2019-08-05T08:00:00.000Z'],
    ['dj., 19 des. 2019 10:00:00 GMT', '2019-12-19T10:00:00.000Z'],
    ['Dc, 6 Març 2019 10:00:00 GMT', '2019-03-06T10:00:00.000Z'],
    ['Gio, 12 Gen 2017 10:00:00 GMT', '2017-01-12T10:00:00.000Z'],
    ['Lun, 03 Giu 2019 10:00:00 GMT', '2019-06-03T10:00:00.000Z'],
    ['Ven, 11 Ott 2019 10:00:00 GMT', '2019-10-11T10:00:00.000Z'],
    ['lun., 3 févr. 2020 10:00:00 +0100', '2020-02-03T09:00:00.000Z'],
    ['mer., 12 août 2020 10:00:00 GMT', '2020-08-12T10:00:00.000Z'],
    ['jeu., 17 déc. 2020 10:00:00 GMT', '2020-12-17T10:00:00.000Z'],
    ['sam., 1er juil. 2020 10:00:00 GMT', '2020-07-01T10:00:00.000Z'],
    ['Do, 14 Mär 2024 10:00:00 MEZ', '2024-03-14T09:00:00.000Z'],
    ['Mo, 7. Oktober 2024 18:00:00 +0200', '2024-10-07T16:00:00.000Z'],
    ['Fr, 20 Dez 2024 06:00:00 GMT', '2024-12-20T06:00:00.000Z'],
    // single-digit and zero-padded time parts, 24:xx, seconds past 59
    ['Wed, 5 Jun 2019 9:8:38 GMT', '2019-06-05T09:08:38.000Z'],
    ['Mon, 03 Jan 2011 012:31:50 GMT', '2011-01-03T12:31:50.000Z'],
    ['Sat, 07 Mar 2009 24:45:00 GMT', '2009-03-08T00:45:00.000Z'],
    ['Sun, 28 Apr 2013 15:12:352 GMT', '2013-04-28T15:12:59.000Z'],
    // the month first, ordinals, US numeric dates
    ['January 31st, 2016', '2016-01-31T00:00:00.000Z'],
    ['Thu, June 2nd, 2016 7:05 PM EST', '2016-06-03T00:05:00.000Z'],
    ['March 3rd 2016', '2016-03-03T00:00:00.000Z'],
    ['Wed, 21st Oct 2015 10:00:00 GMT', '2015-10-21T10:00:00.000Z'],
    ['12/31/2016', '2016-12-31T00:00:00.000Z'],
    ['1/5/2016 9:30 AM', '2016-01-05T09:30:00.000Z'],
  ])('%s', (text, expected) => {
    expect(iso(text)).toBe(expected);
  });

  it.each([
    '31 Feb 2020',
    'Sat, 07 Mar 2009 25:00:00 GMT',
    '13/31/2016',
    '2 Jui 2020', // French juin or juillet: not guessed
    '12 Foo 2020',
  ])('leaves %s unread', (text) => {
    expect(parseFeedDate(text)).toBeNull();
  });
});
