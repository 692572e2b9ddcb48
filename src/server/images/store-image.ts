// Uploads are re-encoded to WebP (at most 512 px, metadata stripped) and kept in the database.
import sharp from 'sharp';
import type { Database } from '../db/database.ts';
import { invalid } from '../http/errors.ts';

export const IMAGE_MAX_BYTES = 5 * 1024 * 1024;

export async function storeImage(db: Database, input: Buffer): Promise<number> {
  let bytes: Buffer;
  try {
    bytes = await sharp(input, { limitInputPixels: 40_000_000 })
      .rotate()
      .resize(512, 512, { fit: 'inside', withoutEnlargement: true })
      .webp({ quality: 82 })
      .toBuffer();
  } catch {
    throw invalid({ upload: ['Die Datei ist kein Bild. Erlaubt sind JPEG, PNG, WebP, GIF und AVIF.'] });
  }
  const row = await db
    .insertInto('images')
    .values({ bytes, mime: 'image/webp', created_at: new Date().toISOString() })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}
