// What the Feed-Check needs to know of a feed, read in the same parse as the import: the
// channel's directory fields (Apple Podcasts, Spotify), the Podcasting 2.0 tags and, per item,
// guid, enclosure, numbers, duration and show notes. Plain data, so the checks are pure functions.
import { parseFeedDate } from './feed-dates.ts';
import { attrOf, child, clean, httpUrl, list, textOf, type Node } from './xml-nodes.ts';

export type FeedItemFacts = {
  title: string;
  guid: string | null;
  enclosure: { url: string; type: string; length: number | null } | null;
  publishedAt: string | null;
  /** Seconds, from itunes:duration (`3600`, `1:00:00`, `60:00`). */
  duration: number | null;
  season: number | null;
  episode: number | null;
  /** Characters of the show notes as plain text, and how many links they hold. */
  notesLength: number;
  notesLinks: number;
  transcript: boolean;
  chapters: boolean;
  person: boolean;
};

export type FeedFacts = {
  title: string;
  description: string;
  language: string | null;
  explicit: string | null;
  ownerEmail: string | null;
  /** The top-level itunes:category texts as written. */
  itunesCategories: string[];
  /** The cover as written (also a plain http address), null when the feed names none. */
  imageHref: string | null;
  podcastGuid: boolean;
  locked: boolean;
  funding: boolean;
  person: boolean;
  items: FeedItemFacts[];
};

/** The raw content of a stop node (description, content:encoded) as plain text. */
function plainText(node: Node): string {
  const raw = textOf(node)
    .replace(/<!\[CDATA\[([\s\S]*?)\]\]>/g, '$1')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');
  return raw
    .replace(/<[^>]*>/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

function countLinks(node: Node): number {
  const raw = textOf(node).replace(/&lt;/g, '<').replace(/&gt;/g, '>');
  return (raw.match(/https?:\/\/[^\s"'<>]+/g) ?? []).length;
}

/** itunes:duration in seconds: plain seconds or h:mm:ss / mm:ss. */
export function durationSeconds(text: string): number | null {
  const value = text.trim();
  if (/^\d+(\.\d+)?$/.test(value)) return Math.round(Number(value));
  const parts = /^(?:(\d+):)?(\d{1,3}):(\d{1,2})$/.exec(value);
  if (!parts) return null;
  return Number(parts[1] ?? 0) * 3600 + Number(parts[2]) * 60 + Number(parts[3]);
}

const positive = (text: string) => (/^\d+$/.test(text.trim()) ? Number(text.trim()) : null);

function readItem(item: Node): FeedItemFacts {
  const enclosure = child(item, 'enclosure');
  const url = attrOf(enclosure, 'url').trim();
  const length = attrOf(enclosure, 'length').trim();
  const notes = child(item, 'content:encoded') ?? child(item, 'description') ?? child(item, 'itunes:summary');
  const date = parseFeedDate(textOf(child(item, 'pubDate')) || textOf(child(item, 'dc:date')));
  return {
    title: clean(textOf(child(item, 'title')) || textOf(child(item, 'itunes:title')), 500),
    guid: textOf(child(item, 'guid')).trim() || null,
    enclosure: url
      ? { url, type: attrOf(enclosure, 'type').trim(), length: /^\d+$/.test(length) ? Number(length) : null }
      : null,
    publishedAt: date?.toISOString() ?? null,
    duration: durationSeconds(textOf(child(item, 'itunes:duration'))),
    season: positive(textOf(child(item, 'itunes:season')) || textOf(child(item, 'podcast:season'))),
    episode: positive(textOf(child(item, 'itunes:episode')) || textOf(child(item, 'podcast:episode'))),
    notesLength: plainText(notes).length,
    notesLinks: countLinks(notes),
    transcript: child(item, 'podcast:transcript') !== undefined,
    chapters: child(item, 'podcast:chapters') !== undefined,
    person: child(item, 'podcast:person') !== undefined,
  };
}

export function readFacts(channel: Node, items: Node[]): FeedFacts {
  const owner = child(channel, 'itunes:owner');
  const itunesImage = child(channel, 'itunes:image');
  const imageHref =
    attrOf(itunesImage, 'href').trim() ||
    textOf(itunesImage).trim() ||
    textOf(child(child(channel, 'image'), 'url')).trim();
  return {
    title: clean(textOf(child(channel, 'title')), 10_000),
    description: plainText(child(channel, 'description') ?? child(channel, 'itunes:summary')),
    language: textOf(child(channel, 'language')).trim() || null,
    explicit: textOf(child(channel, 'itunes:explicit')).trim().toLowerCase() || null,
    ownerEmail: textOf(child(owner, 'itunes:email')).trim() || null,
    itunesCategories: list(child(channel, 'itunes:category'))
      .map((c) => attrOf(c, 'text').trim())
      .filter(Boolean),
    imageHref: imageHref && httpUrl(imageHref) ? imageHref : null,
    podcastGuid: child(channel, 'podcast:guid') !== undefined,
    locked: child(channel, 'podcast:locked') !== undefined,
    funding: child(channel, 'podcast:funding') !== undefined,
    person: child(channel, 'podcast:person') !== undefined,
    items: items.filter((item) => item && typeof item === 'object').map(readItem),
  };
}
