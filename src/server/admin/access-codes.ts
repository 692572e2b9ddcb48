// Crowdfunding access codes (lifetime access at registration): made and listed by the admin
// command (src/server/cli.ts) and by /nova.
import { randomBytes } from 'node:crypto';
import type { Db } from '../db/database.ts';

/** `count` new codes like `3F9A-01BC-77DE`, stored with `note`. */
export async function createCodes(db: Db, now: Date, count: number, note: string | null) {
  const codes = Array.from({ length: count }, () =>
    randomBytes(6).toString('hex').toUpperCase().match(/.{4}/g)!.join('-'),
  );
  const created_at = now.toISOString();
  for (let i = 0; i < codes.length; i += 100) {
    await db
      .insertInto('access_codes')
      .values(codes.slice(i, i + 100).map((code) => ({ code, note, created_at })))
      .execute();
  }
  return codes;
}

/** Every code, oldest first, with the address of whoever redeemed it. */
export const listCodes = (db: Db) =>
  db
    .selectFrom('access_codes')
    .leftJoin('users', 'users.id', 'access_codes.redeemed_by')
    .select([
      'access_codes.code',
      'access_codes.note',
      'access_codes.created_at',
      'access_codes.redeemed_at',
      'users.email as redeemed_by',
    ])
    .orderBy('access_codes.created_at')
    .orderBy('access_codes.code')
    .execute();
