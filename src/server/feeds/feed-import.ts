// The steps of an import and a refresh: read the feed (guarded fetch, then parse), fetch its
// cover, and write its episodes in chunks.
import { IMAGE_MAX_BYTES } from '../../shared/images.ts';
import type { FeedConfig } from '../config.ts';
import type { Db } from '../db/database.ts';
import { invalid } from '../http/errors.ts';
import { encodeImage } from '../images/store-image.ts';
import { FeedError } from './feed-error.ts';
import { feedText, parseFeed, type FeedEpisode, type ParsedFeed } from './parse-feed.ts';
import { safeFetch } from './safe-fetch.ts';
import { artworkOf, type Artwork } from './artwork.ts';

const FEED_ACCEPT = 'application/rss+xml, application/xml;q=0.9, text/xml;q=0.9, */*;q=0.5';

/**
 * Rows per INSERT: 5 parameters a row, so 2,500 a statement, well under SQLite's 32,766 and
 * PostgreSQL's 65,535 bound parameters.
 */
const EPISODE_CHUNK = 500;

/** The feed at `url`, parsed; every problem is a 422 on `rss_uri` with a German message. */
export async function readFeed(config: FeedConfig, url: string): Promise<ParsedFeed> {
  try {
    const fetched = await safeFetch(url, { ...config, accept: FEED_ACCEPT });
    return parseFeed(feedText(fetched.body, fetched.contentType));
  } catch (error) {
    if (error instanceof FeedError) throw invalid({ rss_uri: [error.message] });
    throw error;
  }
}

/**
 * The feed's cover re-encoded like an uploaded picture, or null: a cover that cannot be fetched
 * or decoded (or a busy image queue) never fails the import. Fetched through the same guard; its
 * header also tells the Feed-Check the cover's format and size.
 */
export async function readCover(
  config: FeedConfig,
  imageUrl: string | null,
): Promise<{ image: Buffer | null; artwork: Artwork }> {
  if (!imageUrl) return { image: null, artwork: 'missing' };
  try {
    const maxBytes = Math.min(config.maxBytes, IMAGE_MAX_BYTES);
    const fetched = await safeFetch(imageUrl, { ...config, maxBytes, accept: 'image/*' });
    const artwork = await artworkOf(fetched.body);
    return { image: await encodeImage(fetched.body).catch(() => null), artwork };
  } catch {
    return { image: null, artwork: 'unreadable' };
  }
}

/**
 * Inserts the episodes, or updates title, link and date of those the podcast has (same key):
 * never a duplicate, also when two refreshes run at once. Oldest first, so among episodes of the
 * same date (or without one) the newest gets the highest id and lists first.
 */
export async function saveEpisodes(tx: Db, podcastId: number, episodes: FeedEpisode[]) {
  const rows = episodes
    .map((e) => ({
      podcast_id: podcastId,
      guid: e.key,
      title: e.title,
      web_uri: e.webUri,
      published_at: e.publishedAt,
    }))
    .reverse();
  for (let i = 0; i < rows.length; i += EPISODE_CHUNK) {
    await tx
      .insertInto('episodes')
      .values(rows.slice(i, i + EPISODE_CHUNK))
      .onConflict((oc) =>
        oc.columns(['podcast_id', 'guid']).doUpdateSet((eb) => ({
          title: eb.ref('excluded.title'),
          web_uri: eb.ref('excluded.web_uri'),
          published_at: eb.ref('excluded.published_at'),
        })),
      )
      .execute();
  }
}
