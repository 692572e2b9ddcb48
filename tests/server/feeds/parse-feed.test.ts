// Reading feeds: the real fixtures, the oddities of real hosts, and documents that must be
// refused (entity bombs, Atom, broken XML). No network.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { FeedError } from '../../../src/server/feeds/feed-error.ts';
import { parseFeedDate } from '../../../src/server/feeds/feed-dates.ts';
import { feedMessages, feedText, parseFeed } from '../../../src/server/feeds/parse-feed.ts';
import { decodeEntities } from '../../../src/server/feeds/xml-nodes.ts';

const fixture = (name: string) =>
  readFileSync(new URL(`../../fixtures/feeds/${name}`, import.meta.url), 'utf8').replaceAll(
    '{{ORIGIN}}',
    'http://127.0.0.1:9',
  );

const rss = (channel: string) =>
  `<?xml version="1.0" encoding="UTF-8"?><rss version="2.0" xmlns:itunes="http://www.itunes.com/dtds/podcast-1.0.dtd"><channel>${channel}</channel></rss>`;

function refusal(xml: string) {
  try {
    parseFeed(xml);
  } catch (error) {
    if (error instanceof FeedError) return error.message;
    throw error;
  }
  throw new Error('the feed was accepted');
}

describe('real feeds', () => {
  it('reads the large Giant Bomb feed: channel, categories, 730 episodes with dates', () => {
    const feed = parseFeed(fixture('giantbomb-podcast.rss'));
    expect(feed).toMatchObject({
      title: 'Giant Bombcast',
      author: 'Giant Bomb',
      webUri: 'https://www.giantbomb.com',
      imageUrl: 'http://127.0.0.1:9/cover.png',
    });
    expect(feed.categories.slice(0, 2)).toEqual(['Games & Hobbies', 'Technology']);
    expect(feed.episodes).toHaveLength(730);
    expect(feed.episodes[0]).toEqual({
      key: '1600-2823',
      title: 'Giant Bombcast 603: Call of Tuesday',
      webUri: 'https://www.giantbomb.com/shows/603-call-of-tuesday/2970-19653/free-podcast',
      publishedAt: '2019-10-01T22:30:00.000Z', // 14:30 PST
    });
  });

  it('reads a German Podigee feed with a single item (not a list)', () => {
    const feed = parseFeed(fixture('item-itunes-episodeType.rss'));
    expect(feed.title).toBe('Baywatch Berlin');
    expect(feed.author).toBe('Klaas Heufer-Umlauf, Thomas Schmitt und Jakob Lundt');
    expect(feed.categories).toEqual(['Comedy', 'Society & Culture', 'TV & Film']);
    expect(feed.episodes).toHaveLength(1);
    expect(feed.episodes[0]!.title).toBe('Trailer');
  });

  it('falls back to image/url when itunes:image has no usable href, and reads subcategories', () => {
    const feed = parseFeed(fixture('itunes-category.rss'));
    expect(feed.imageUrl).toBe('http://127.0.0.1:9/missing-cover.png');
    expect(feed.categories).toEqual(['Society & Culture', 'Games & Hobbies', 'Hobbies']);
    expect(feed.episodes[0]!.webUri).toBe('http://taverncast.com/');
  });
});

describe('oddities', () => {
  it('decodes XML and numeric entities once, keeps CDATA as written', () => {
    const feed = parseFeed(
      rss(`<title>Tom &amp; Jerry &#8211; &#x1F3A7; &quot;live&quot; &lt;3 &amp;lt;b&amp;gt;</title>
        <item><title><![CDATA[Folge 1: <b>Fisch</b> & Chips]]></title><guid>a</guid></item>
        <item><title>Caf&#233; &auml;rger &unknown; &#0;</title><guid>b</guid></item>`),
    );
    expect(feed.title).toBe('Tom & Jerry – 🎧 "live" <3 &lt;b&gt;');
    expect(feed.episodes.map((e) => e.title)).toEqual([
      'Folge 1: <b>Fisch</b> & Chips',
      'Café ärger &unknown; \ufffd',
    ]);
  });

  it('decodes entities in attributes (category texts)', () => {
    expect(parseFeed(rss('<title>x</title><itunes:category text="TV &amp; Film"/>')).categories).toEqual([
      'TV & Film',
    ]);
  });

  it('keys episodes by guid, else link, else title and date; drops duplicates and keyless items', () => {
    const feed = parseFeed(
      rss(`<title>x</title>
        <item><title>Mit guid</title><guid>g-1</guid><link>https://a.example/1</link></item>
        <item><title>Nur Link</title><link>https://a.example/2</link></item>
        <item><title>Nur Titel</title><pubDate>Mon, 06 Jan 2025 10:00:00 +0100</pubDate></item>
        <item><title>Doppelt</title><guid>g-1</guid></item>
        <item><description>nichts, woran man sie erkennt</description></item>
        <item><guid>g-2</guid></item>`),
    );
    expect(feed.episodes.map((e) => [e.key, e.title])).toEqual([
      ['g-1', 'Mit guid'],
      ['https://a.example/2', 'Nur Link'],
      ['Nur Titel|2025-01-06T09:00:00.000Z', 'Nur Titel'],
      ['g-2', 'Ohne Titel'],
    ]);
  });

  it('keeps only http(s) links and never a number where a guid was text', () => {
    const feed = parseFeed(
      rss(`<title>x</title><link>javascript:alert(1)</link>
        <item><title>a</title><guid>00123</guid><link>javascript:alert(1)</link></item>
        <item><title>b</title><guid>1e5</guid><link> https://ok.example/b </link></item>`),
    );
    expect(feed.webUri).toBeNull();
    expect(feed.episodes.map((e) => [e.key, e.webUri])).toEqual([
      ['00123', null],
      ['1e5', 'https://ok.example/b'],
    ]);
  });

  it('hashes very long keys and shortens long texts to what the form accepts', () => {
    const feed = parseFeed(
      rss(`<title>${'T'.repeat(300)}</title><item><guid>${'g'.repeat(3000)}</guid></item>`),
    );
    expect(feed.title).toHaveLength(120);
    expect(feed.episodes[0]!.key).toMatch(/^sha256:[0-9a-f]{64}$/);
  });

  it('reads RSS 1.0 (items beside the channel)', () => {
    const feed = parseFeed(`<?xml version="1.0"?>
      <rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#" xmlns="http://purl.org/rss/1.0/" xmlns:dc="http://purl.org/dc/elements/1.1/">
      <channel><title>Alt</title><link>https://alt.example/</link></channel>
      <item><title>Eins</title><link>https://alt.example/1</link><dc:date>2004-03-01T12:00:00+01:00</dc:date></item>
      </rdf:RDF>`);
    expect(feed.title).toBe('Alt');
    expect(feed.episodes).toEqual([
      {
        key: 'https://alt.example/1',
        title: 'Eins',
        webUri: 'https://alt.example/1',
        publishedAt: '2004-03-01T11:00:00.000Z',
      },
    ]);
  });

  it('tolerates a blank line before the XML declaration', () => {
    expect(parseFeed(`\n\n${rss('<title>x</title>')}`).title).toBe('x');
  });
});

describe('dates', () => {
  it.each([
    ['Tue, 01 Oct 2019 14:30:00 PST', '2019-10-01T22:30:00.000Z'],
    ['Fri, 08 Jul 2016 13:40:00 UTC', '2016-07-08T13:40:00.000Z'],
    ['Mon, 07 Jan 2019 17:19:19 +0100', '2019-01-07T16:19:19.000Z'],
    ['Mon, 07 Jan 2019 17:19:19 +01:00', '2019-01-07T16:19:19.000Z'],
    ['07 Jan 2019 17:19 GMT', '2019-01-07T17:19:00.000Z'],
    ['Mon,07 January 2019 17:19:19 CEST', '2019-01-07T15:19:19.000Z'],
    ['Sa, 3 Okt 20 08:00:00 MESZ', '2020-10-03T06:00:00.000Z'],
    ['Wed, 03 Aug 2005 18:00:00 XYZ', '2005-08-03T18:00:00.000Z'],
    ['Wed, 03 Aug 2005', '2005-08-03T00:00:00.000Z'],
    ['2024-05-06T07:08:09Z', '2024-05-06T07:08:09.000Z'],
    ['2024-05-06T07:08:09+0200', '2024-05-06T05:08:09.000Z'],
    ['2024-05-06T07:08', '2024-05-06T07:08:00.000Z'],
    ['2024-05-06', '2024-05-06T00:00:00.000Z'],
  ])('%s', (text, iso) => {
    expect(parseFeedDate(text)?.toISOString()).toBe(iso);
  });

  it.each([
    '',
    'gestern',
    'Mon, 31 Feb 2019 10:00:00 GMT',
    'Mon, 07 Foo 2019 10:00:00 GMT',
    '0001-01-01',
    '99:99',
  ])('reads no date from %j', (text) => {
    expect(parseFeedDate(text)).toBeNull();
  });

  it('leaves an episode without pubDate undated', () => {
    expect(parseFeed(rss('<title>x</title><item><guid>a</guid></item>')).episodes[0]!.publishedAt).toBeNull();
  });
});

describe('refused documents', () => {
  const bomb = `<?xml version="1.0"?>
<!DOCTYPE lolz [
 <!ENTITY lol "lol">
 <!ENTITY lol1 "&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;">
 <!ENTITY lol2 "&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;">
 <!ENTITY lol3 "&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;">
 <!ENTITY lol4 "&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;">
 <!ENTITY lol5 "&lol4;&lol4;&lol4;&lol4;&lol4;&lol4;&lol4;&lol4;&lol4;&lol4;">
 <!ENTITY lol6 "&lol5;&lol5;&lol5;&lol5;&lol5;&lol5;&lol5;&lol5;&lol5;&lol5;">
 <!ENTITY lol7 "&lol6;&lol6;&lol6;&lol6;&lol6;&lol6;&lol6;&lol6;&lol6;&lol6;">
 <!ENTITY lol8 "&lol7;&lol7;&lol7;&lol7;&lol7;&lol7;&lol7;&lol7;&lol7;&lol7;">
 <!ENTITY lol9 "&lol8;&lol8;&lol8;&lol8;&lol8;&lol8;&lol8;&lol8;&lol8;&lol8;">
]>
<rss version="2.0"><channel><title>&lol9;</title><item><title>&lol9;</title><guid>x</guid></item></channel></rss>`;

  it('refuses an entity bomb ("billion laughs") with a German message, without expanding it', () => {
    expect(refusal(bomb)).toBe(feedMessages.entities);
  });

  it('refuses an external entity (XXE) the same way', () => {
    const xxe = `<?xml version="1.0"?><!DOCTYPE r [<!ENTITY xxe SYSTEM "file:///etc/passwd">]><rss version="2.0"><channel><title>&xxe;</title></channel></rss>`;
    expect(refusal(xxe)).toBe(feedMessages.entities);
  });

  it('leaves entity references inert: an undeclared one stays text', () => {
    expect(parseFeed(rss('<title>&lol9; &xxe;</title>')).title).toBe('&lol9; &xxe;');
  });

  it('accepts a DOCTYPE without declarations (old RSS 0.91 feeds have one)', () => {
    const feed = `<?xml version="1.0"?><!DOCTYPE rss PUBLIC "-//Netscape Communications//DTD RSS 0.91//EN" "http://my.netscape.com/publish/formats/rss-0.91.dtd"><rss version="0.91"><channel><title>Alt</title></channel></rss>`;
    expect(parseFeed(feed).title).toBe('Alt');
  });

  it('refuses Atom with a hint to the RSS feed', () => {
    expect(refusal('<feed xmlns="http://www.w3.org/2005/Atom"><title>A</title></feed>')).toBe(
      feedMessages.atom,
    );
  });

  it.each([
    ['truncated', rss('<title>x</title><item><title>a</title>').slice(0, -20)],
    ['unclosed tags', '<rss><channel><title>x</title></rss>'],
    ['no XML', 'Das ist eine Webseite, kein Feed.'],
    ['HTML', '<!doctype html><html><head><title>x</title></head><body><p>Hallo<br></body></html>'],
  ])('refuses %s as invalid XML', (_name, xml) => {
    expect(refusal(xml)).toBe(feedMessages.invalidXml);
  });

  it('refuses XML that is no RSS', () => {
    expect(refusal('<?xml version="1.0"?><note><to>Anna</to></note>')).toBe(feedMessages.notAFeed);
  });
});

describe('text encodings', () => {
  it('reads the encoding of the XML declaration (ISO-8859-1)', () => {
    const body = Buffer.from(
      '<?xml version="1.0" encoding="ISO-8859-1"?><rss version="2.0"><channel><title>Grüße aus Köln</title></channel></rss>',
      'latin1',
    );
    expect(parseFeed(feedText(body)).title).toBe('Grüße aus Köln');
  });

  it('reads a UTF-8 BOM and the HTTP charset', () => {
    const bom = Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(rss('<title>Übung</title>'))]);
    expect(parseFeed(feedText(bom, 'text/xml; charset=iso-8859-1')).title).toBe('Übung');
    const latin = Buffer.from('<rss version="2.0"><channel><title>Spaß</title></channel></rss>', 'latin1');
    expect(parseFeed(feedText(latin, 'text/xml; charset=ISO-8859-1')).title).toBe('Spaß');
  });

  it('decodes only well-formed references', () => {
    expect(decodeEntities('&#xD800; &#1114112; &amp;amp; &AMP;')).toBe('\ufffd \ufffd &amp; &AMP;');
  });
});
