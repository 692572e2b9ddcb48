// Uploads are re-encoded to WebP (at most 512 px, metadata stripped) and kept in the database
// under a random key: the key, not the row id, is the image's URL (see image-routes.ts).
import { randomBytes } from 'node:crypto';
import { loadSharp } from './sharp.ts';
import { IMAGE_MAX_PIXELS, IMAGE_MAX_SIDE, imageMessages } from '../../shared/images.ts';
import type { Db } from '../db/database.ts';
import { invalid } from '../http/errors.ts';
import { createJobQueue } from './job-queue.ts';

/** Two decodes at a time, at most 16 uploads waiting (each holds its file, ≤ IMAGE_MAX_BYTES). */
export const imageJobs = createJobQueue(2, 16, imageMessages.busy);

const FORMATS = new Set(['jpeg', 'png', 'webp', 'gif']);

/** 128 random bits, URL-safe (22 characters). */
export const newImageKey = () => randomBytes(16).toString('base64url');

/** Reads only the header, so a file with too many pixels is refused before anything is decoded. */
async function checkHeader(input: Buffer) {
  const sharp = await loadSharp();
  const meta = await sharp(input)
    .metadata()
    .catch(() => undefined);
  const avif = meta?.format === 'heif' && meta.compression === 'av1';
  if (!meta || !(FORMATS.has(meta.format) || avif) || !meta.width || !meta.height) {
    throw invalid({ upload: [imageMessages.notAnImage] });
  }
  const height = meta.pageHeight ?? meta.height;
  if (meta.width > IMAGE_MAX_SIDE || height > IMAGE_MAX_SIDE || meta.width * height > IMAGE_MAX_PIXELS) {
    throw invalid({ upload: [imageMessages.tooManyPixels] });
  }
}

async function reencode(input: Buffer) {
  const sharp = await loadSharp();
  try {
    // sequentialRead streams the decode through the resize instead of holding the whole bitmap;
    // limitInputPixels is the decoder's own guard should the header have lied.
    return await sharp(input, { limitInputPixels: IMAGE_MAX_PIXELS, sequentialRead: true })
      .autoOrient()
      .resize(512, 512, { fit: 'inside', withoutEnlargement: true })
      .webp({ quality: 82 })
      .toBuffer();
  } catch {
    throw invalid({ upload: [imageMessages.notAnImage] });
  }
}

/** Checks and re-encodes an image (in the queue); insertImage keeps the result. */
export async function encodeImage(input: Buffer): Promise<Buffer> {
  await checkHeader(input);
  return imageJobs.run(() => reencode(input));
}

/** Keeps re-encoded bytes under a new key; takes a transaction, so the image can go with a row. */
export async function insertImage(db: Db, bytes: Buffer, now: Date): Promise<{ id: number; key: string }> {
  const key = newImageKey();
  const row = await db
    .insertInto('images')
    .values({ key, bytes, mime: 'image/webp', created_at: now.toISOString() })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { id: row.id, key };
}

export async function storeImage(db: Db, input: Buffer, now: Date): Promise<{ id: number; key: string }> {
  return insertImage(db, await encodeImage(input), now);
}
