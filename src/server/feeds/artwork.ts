// The cover's format and size for the Feed-Check, from the image's header only (fetched here
// with the feed, checked by feed-check/checks.ts).
import type { FeedConfig } from '../config.ts';
import { loadSharp } from '../images/sharp.ts';
import { safeFetch } from './safe-fetch.ts';

/** What the cover's header said; `missing` when the feed names none, `unreadable` when it failed. */
export type Artwork = { format: string; width: number; height: number } | 'missing' | 'unreadable';

/** Enough of a JPEG or PNG to find its size (JPEGs carry EXIF and colour profiles first). */
const HEADER_BYTES = 256 * 1024;

/** The cover's format and size from its header: fetched through the guarded fetch, never decoded. */
export async function readArtwork(config: FeedConfig, href: string | null): Promise<Artwork> {
  if (!href) return 'missing';
  try {
    const { body } = await safeFetch(href, { ...config, accept: 'image/*', headBytes: HEADER_BYTES });
    return artworkOf(body);
  } catch {
    return 'unreadable';
  }
}

/** Format and size from an image's first bytes. */
export async function artworkOf(bytes: Buffer): Promise<Artwork> {
  try {
    const sharp = await loadSharp();
    const { format, width, height } = await sharp(bytes).metadata();
    if (!format || !width || !height) return 'unreadable';
    return { format, width, height };
  } catch {
    return 'unreadable';
  }
}
