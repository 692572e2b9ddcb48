// A source's API token at rest: AES-256-GCM with a key the server keeps in the database
// (`secrets`, like the signing key and the VAPID pair), so every process shares it and a copy of
// the audience tables alone does not reveal a token. Entscheidung AUD-5: a fresh 12-byte IV per
// token, the podcast's id bound in as additional data.
import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import type { Database } from '../db/database.ts';
import { secret } from '../auth/secrets.ts';

const KEY_NAME = 'audience_token_key';
const VERSION = 'v1';

export type TokenBox = {
  seal(token: string, podcastId: number): string;
  /** The token, or null when the sealed text is damaged or belongs to another podcast. */
  open(sealed: string, podcastId: number): string | null;
};

const b64 = (buffer: Buffer) => buffer.toString('base64url');

export function tokenBox(keyHex: string): TokenBox {
  const key = Buffer.from(keyHex, 'hex');
  if (key.length !== 32) throw new Error(`${KEY_NAME} must be 32 bytes`);
  const aad = (podcastId: number) => Buffer.from(`audience-token:${podcastId}`);
  return {
    seal(token, podcastId) {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      cipher.setAAD(aad(podcastId));
      const text = Buffer.concat([cipher.update(token, 'utf8'), cipher.final()]);
      return [VERSION, b64(iv), b64(cipher.getAuthTag()), b64(text)].join('.');
    },
    open(sealed, podcastId) {
      const [version, iv, tag, text] = sealed.split('.');
      if (version !== VERSION || !iv || !tag || text === undefined) return null;
      try {
        const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
        decipher.setAAD(aad(podcastId));
        decipher.setAuthTag(Buffer.from(tag, 'base64url'));
        return Buffer.concat([decipher.update(Buffer.from(text, 'base64url')), decipher.final()]).toString(
          'utf8',
        );
      } catch {
        return null;
      }
    },
  };
}

/** The server's box, its key made on first use (secret() makes it once for all processes). */
export async function serverTokenBox(db: Database) {
  return tokenBox(await secret(db, KEY_NAME));
}

/**
 * What the client may see of a token: its last four characters ('endet auf …1a2b'); of a token
 * shorter than 12 characters only the last one, so the hint never gives most of it away.
 */
export const tokenHint = (token: string) => token.trim().slice(token.trim().length >= 12 ? -4 : -1);
