// The emoji of the methods 'Für offline speichern' saves: an unvisited method opened
// offline showed a broken image, its emoji never having been shown online, nor the fallback 2753.
import { twemojiUrl } from '../src/shared/twemoji.ts';

/** The cache sw.ts serves /twemoji/ and /icons/ from (cache first). */
export const IMAGE_CACHE = 'kompass-images';
/** What the app shows for an emoji without an image (features/practices/components/practice-emoji.tsx). */
const FALLBACK = '/twemoji/2753.svg';

/** The emoji a JSON answer names in its `emoji` fields. */
export function emojiOf(body: string): string[] {
  return Array.from(body.matchAll(/"emoji":("(?:[^"\\]|\\.)*")/g), (m) => JSON.parse(m[1]!) as string);
}

/** Stores the emoji of `emojis` and the fallback, each fetched once, those already there skipped. */
export async function saveEmoji(emojis: string[]) {
  const cache = await caches.open(IMAGE_CACHE);
  const paths = [...new Set([FALLBACK, ...emojis.map(twemojiUrl)])];
  const missing = [];
  for (const path of paths) if (!(await cache.match(path))) missing.push(path);
  // A name without an image answers 404: the app shows the fallback then, which is stored.
  await Promise.all(
    missing.map(async (path) => {
      const response = await fetch(path).catch(() => undefined);
      if (response?.ok) await cache.put(path, response);
    }),
  );
}
