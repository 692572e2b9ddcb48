// Reads a podcast feed: RSS 2.0 with the iTunes namespace (and RSS 1.0, whose items sit beside
// the channel), tolerant of what real hosts emit: CDATA, one item instead of a list, missing or
// oddly zoned dates, the cover as itunes:image href or image/url, entities in titles.
//
// Entities: fast-xml-parser runs with processEntities off, so nothing declared in a DOCTYPE is
// ever expanded; a document that declares entities is refused before parsing (an entity bomb
// costs nothing), and we decode the five XML entities, numeric references and a few common HTML
// names ourselves, in one pass (so `&amp;lt;` stays `&lt;`, as written).
import { createHash } from 'node:crypto';
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { parseFeedDate } from './feed-dates.ts';
import { readFacts, type FeedFacts } from './feed-facts.ts';
import { FeedError } from './feed-error.ts';
import { attrOf, child, clean, first, httpUrl, list, textOf, type Node } from './xml-nodes.ts';

export const feedMessages = {
  invalidXml: 'Unter dieser Adresse liegt kein gültiger Feed: Das XML ist fehlerhaft.',
  notAFeed: 'Unter dieser Adresse liegt kein RSS-Feed.',
  atom: 'Das ist ein Atom-Feed. Bitte gib die Adresse des RSS-Feeds deines Podcasts an.',
  entities:
    'Der Feed enthält eigene Entity-Deklarationen (DOCTYPE). Solche Feeds lesen wir aus Sicherheitsgründen nicht.',
  noTitle: 'Der Feed nennt keinen Titel des Podcasts.',
};

/** Lengths the podcast form accepts (title, author) and generous ones for episodes. */
const PODCAST_TEXT_MAX = 120;
const EPISODE_TITLE_MAX = 500;
/** Longer episode keys are hashed: PostgreSQL's btree index holds about 2.7 KB per entry. */
const KEY_MAX = 500;

export type FeedEpisode = {
  /** What identifies the episode within its podcast: guid, else link, else title and date. */
  key: string;
  title: string;
  webUri: string | null;
  /** ISO instant. */
  publishedAt: string | null;
};

export type ParsedFeed = {
  title: string | null;
  author: string | null;
  webUri: string | null;
  imageUrl: string | null;
  /** iTunes category texts, top level first, then subcategories and plain RSS categories. */
  categories: string[];
  /** In feed order, without duplicate keys (the first one wins). */
  episodes: FeedEpisode[];
  /** What the Feed-Check reads (src/server/feed-check). */
  facts: FeedFacts;
};

const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '@_',
  processEntities: false,
  htmlEntities: false,
  // Keep every value a string: a guid such as 00123 or 1e5 must not turn into a number.
  parseTagValue: false,
  parseAttributeValue: false,
  trimValues: true,
  cdataPropName: '#cdata',
  ignoreDeclaration: true,
  ignorePiTags: true,
  // Show notes may hold unescaped HTML; we never read them, so they are not parsed as XML.
  stopNodes: ['*.description', '*.content:encoded', '*.itunes:summary'],
});

function episodeKey(guid: string, link: string, title: string, publishedAt: string | null): string | null {
  const key = guid || link || (title ? `${title}|${publishedAt ?? ''}` : '');
  if (!key) return null;
  return key.length > KEY_MAX ? `sha256:${createHash('sha256').update(key).digest('hex')}` : key;
}

function readEpisodes(items: Node[]): FeedEpisode[] {
  const seen = new Set<string>();
  const episodes: FeedEpisode[] = [];
  for (const item of items) {
    if (!item || typeof item !== 'object') continue;
    const title = clean(
      textOf(child(item, 'title')) || textOf(child(item, 'itunes:title')),
      EPISODE_TITLE_MAX,
    );
    const rawLink = textOf(child(item, 'link')).trim();
    const date = parseFeedDate(textOf(child(item, 'pubDate')) || textOf(child(item, 'dc:date')));
    const publishedAt = date?.toISOString() ?? null;
    const key = episodeKey(textOf(child(item, 'guid')).trim(), rawLink, title, publishedAt);
    if (key === null || seen.has(key)) continue;
    seen.add(key);
    episodes.push({ key, title: title || 'Ohne Titel', webUri: httpUrl(rawLink), publishedAt });
  }
  return episodes;
}

function readCategories(channel: Node): string[] {
  const itunes = list(child(channel, 'itunes:category'));
  const texts = [
    ...itunes.map((c) => attrOf(c, 'text')),
    ...itunes.flatMap((c) => list(child(c, 'itunes:category')).map((sub) => attrOf(sub, 'text'))),
    ...list(child(channel, 'category')).map(textOf),
  ];
  return [...new Set(texts.map((t) => clean(t, 100)).filter(Boolean))];
}

function readImage(channel: Node): string | null {
  const itunes = child(channel, 'itunes:image');
  return (
    httpUrl(attrOf(itunes, 'href')) ??
    httpUrl(textOf(itunes)) ??
    httpUrl(textOf(child(child(channel, 'image'), 'url')))
  );
}

/** Entity declarations live in the DOCTYPE, before the root element: refuse them there. */
function refuseEntityDeclarations(xml: string) {
  const root = xml.search(/<[A-Za-z_]/);
  const prolog = root === -1 ? xml : xml.slice(0, root);
  if (/<!ENTITY/i.test(prolog)) throw new FeedError(feedMessages.entities);
}

/**
 * The feed's document as text: BOM, then the XML declaration, then the HTTP charset, else UTF-8.
 * Bytes that are no valid UTF-8 and declare nothing themselves (no BOM, no declaration; an HTTP
 * charset of UTF-8 is often just the server's default) are read as Windows-1252, the superset of
 * Latin-1 that podcast apps assume (Entscheidung FEED-5): titles keep their umlauts instead of
 * U+FFFD.
 */
export function feedText(body: Buffer, contentType?: string): string {
  const bom =
    body[0] === 0xef && body[1] === 0xbb && body[2] === 0xbf
      ? 'utf-8'
      : body[0] === 0xff && body[1] === 0xfe
        ? 'utf-16le'
        : body[0] === 0xfe && body[1] === 0xff
          ? 'utf-16be'
          : undefined;
  const head = body.subarray(0, 300).toString('latin1');
  const declared = bom ?? /^\s*<\?xml[^>]*\bencoding\s*=\s*["']([A-Za-z0-9._-]+)["']/.exec(head)?.[1];
  const label = declared ?? /charset\s*=\s*"?([A-Za-z0-9._-]+)/i.exec(contentType ?? '')?.[1] ?? 'utf-8';
  let decoder: TextDecoder;
  try {
    decoder = new TextDecoder(label, { fatal: declared === undefined });
  } catch {
    decoder = new TextDecoder('utf-8', { fatal: declared === undefined }); // an encoding we do not know
  }
  try {
    return windows1252(decoder.encoding, decoder.decode(body));
  } catch {
    return windows1252('windows-1252', new TextDecoder('windows-1252').decode(body));
  }
}

/** Windows-1252's letters in 0x80–0x9F (€, ‚, „, …, ’, “, ”, –, —, ™ …); the rest stay as they are. */
const CP1252_C1 =
  '\u20ac\x81\u201a\u0192\u201e\u2026\u2020\u2021\u02c6\u2030\u0160\u2039\u0152\x8d\u017d\x8f' +
  '\x90\u2018\u2019\u201c\u201d\u2022\u2013\u2014\u02dc\u2122\u0161\u203a\u0153\x9d\u017e\u0178';

/**
 * WHATWG reads latin1 and ISO-8859-1 as Windows-1252, but Node's decoder (v22) leaves 0x80–0x9F as
 * C1 controls (`Men\x92s` instead of `Men’s`): map them here.
 */
function windows1252(encoding: string, text: string): string {
  if (encoding !== 'windows-1252') return text;
  return text.replace(/[\x80-\x9f]/g, (c) => CP1252_C1[c.charCodeAt(0) - 0x80]!);
}

export function parseFeed(text: string): ParsedFeed {
  // Some hosts put a blank line before the XML declaration; tolerate it.
  const xml = text.replace(/^\uFEFF/, '').trimStart();
  refuseEntityDeclarations(xml);
  if (XMLValidator.validate(xml) !== true) throw new FeedError(feedMessages.invalidXml);
  let document: Record<string, Node>;
  try {
    document = parser.parse(xml) as Record<string, Node>;
  } catch {
    throw new FeedError(feedMessages.invalidXml);
  }
  if (document.feed !== undefined) throw new FeedError(feedMessages.atom);
  const rdf = first(document['rdf:RDF']);
  const channel = rdf ? child(rdf, 'channel') : child(document.rss, 'channel');
  if (!channel || typeof first(channel) !== 'object') throw new FeedError(feedMessages.notAFeed);
  const items = rdf ? list(child(rdf, 'item')) : list(child(channel, 'item'));
  const author =
    textOf(child(channel, 'itunes:author')) ||
    textOf(child(child(channel, 'itunes:owner'), 'itunes:name')) ||
    textOf(child(channel, 'dc:creator'));
  return {
    title: clean(textOf(child(channel, 'title')), PODCAST_TEXT_MAX) || null,
    author: clean(author, PODCAST_TEXT_MAX) || null,
    webUri: list(child(channel, 'link')).map(textOf).map(httpUrl).find(Boolean) ?? null,
    imageUrl: readImage(channel),
    categories: readCategories(channel),
    episodes: readEpisodes(items),
    facts: readFacts(channel, items),
  };
}
