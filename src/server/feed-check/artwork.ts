// The cover's format and size for the Feed-Check, from the image's header only.
import type { FeedConfig } from '../config.ts';
import { loadSharp } from '../images/sharp.ts';
import { safeFetch } from '../feeds/safe-fetch.ts';
import type { Artwork } from './checks.ts';

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
