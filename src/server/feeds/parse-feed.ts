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
import { FeedError } from './feed-error.ts';

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
const URL_MAX = 2048;
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

const NAMED: Record<string, string> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  nbsp: '\u00a0',
  auml: 'ä',
  ouml: 'ö',
  uuml: 'ü',
  Auml: 'Ä',
  Ouml: 'Ö',
  Uuml: 'Ü',
  szlig: 'ß',
  eacute: 'é',
  egrave: 'è',
  ndash: '–',
  mdash: '—',
  hellip: '…',
  lsquo: '‘',
  rsquo: '’',
  sbquo: '‚',
  ldquo: '“',
  rdquo: '”',
  bdquo: '„',
  laquo: '«',
  raquo: '»',
  euro: '€',
  copy: '©',
  reg: '®',
  trade: '™',
};

const validCodePoint = (cp: number) => cp > 0 && cp <= 0x10ffff && (cp < 0xd800 || cp > 0xdfff);

/** The entities of a text decoded once; unknown names stay as written. */
export function decodeEntities(text: string): string {
  if (!text.includes('&')) return text;
  return text.replace(
    /&(#[xX][0-9a-fA-F]{1,6}|#[0-9]{1,7}|[a-zA-Z][a-zA-Z0-9]{1,7});/g,
    (whole, ref: string) => {
      if (ref.startsWith('#')) {
        const cp = ref[1] === 'x' || ref[1] === 'X' ? parseInt(ref.slice(2), 16) : Number(ref.slice(1));
        return validCodePoint(cp) ? String.fromCodePoint(cp) : '\ufffd';
      }
      return NAMED[ref] ?? whole;
    },
  );
}

type Node = unknown;
const list = (node: Node): Node[] =>
  node === undefined || node === null ? [] : Array.isArray(node) ? node : [node];
const first = (node: Node): Node => list(node)[0];
const child = (node: Node, name: string): Node =>
  typeof first(node) === 'object' ? (first(node) as Record<string, Node>)[name] : undefined;

/** The text of an element: its text decoded, its CDATA as written. */
function textOf(node: Node): string {
  const value = first(node);
  if (typeof value === 'string') return decodeEntities(value);
  if (!value || typeof value !== 'object') return '';
  const element = value as Record<string, Node>;
  const text = typeof element['#text'] === 'string' ? decodeEntities(element['#text']) : '';
  return (
    text +
    list(element['#cdata'])
      .filter((c) => typeof c === 'string')
      .join('')
  );
}

function attrOf(node: Node, name: string): string {
  const value = child(node, `@_${name}`);
  return typeof value === 'string' ? decodeEntities(value) : '';
}

/** One line of plain text: no control characters, whitespace collapsed, at most `max` characters. */
function clean(text: string, max: number): string {
  const line = text
    .replace(/[\u0000-\u001f\u007f]/g, ' ') // eslint-disable-line no-control-regex
    .replace(/\s+/g, ' ')
    .trim();
  const chars = [...line];
  return chars.length > max ? chars.slice(0, max).join('').trim() : line;
}

/** An absolute http(s) URL, or null: nothing else becomes a link in the app. */
function httpUrl(text: string): string | null {
  const trimmed = text.trim();
  if (trimmed.length > URL_MAX || !/^https?:\/\/[^\s/]+/i.test(trimmed)) return null;
  try {
    return new URL(trimmed).protocol.startsWith('http') ? trimmed : null;
  } catch {
    return null;
  }
}

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

/** The feed's document as text: BOM, then the XML declaration, then the HTTP charset, else UTF-8. */
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
  const label =
    bom ??
    /^\s*<\?xml[^>]*\bencoding\s*=\s*["']([A-Za-z0-9._-]+)["']/.exec(head)?.[1] ??
    /charset\s*=\s*"?([A-Za-z0-9._-]+)/i.exec(contentType ?? '')?.[1] ??
    'utf-8';
  try {
    return new TextDecoder(label).decode(body);
  } catch {
    return new TextDecoder('utf-8').decode(body); // an encoding we do not know
  }
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
  };
}
