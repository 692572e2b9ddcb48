// Fixed-window counters in the database, shared by every process.
import type { Database } from '../db/database.ts';
import { HttpError } from '../http/errors.ts';

/** Counts one hit on `key`; throws 429 with Retry-After once `max` hits fall in the window. */
export async function throttle(db: Database, key: string, max: number, windowSeconds: number) {
  const now = Date.now();
  const row = await db.selectFrom('throttles').selectAll().where('key', '=', key).executeTakeFirst();
  if (!row || row.reset_at <= now) {
    await db
      .insertInto('throttles')
      .values({ key, hits: 1, reset_at: now + windowSeconds * 1000 })
      .onConflict((oc) => oc.column('key').doUpdateSet({ hits: 1, reset_at: now + windowSeconds * 1000 }))
      .execute();
    return;
  }
  if (row.hits >= max) {
    const seconds = Math.max(1, Math.ceil((Number(row.reset_at) - now) / 1000));
    throw new HttpError(
      429,
      `Zu viele Versuche. Bitte versuche es in ${seconds} Sekunden noch einmal.`,
      undefined,
      { 'Retry-After': String(seconds) },
    );
  }
  await db
    .updateTable('throttles')
    .set((eb) => ({ hits: eb('hits', '+', 1) }))
    .where('key', '=', key)
    .execute();
}

export const clearThrottle = (db: Database, key: string) =>
  db.deleteFrom('throttles').where('key', '=', key).execute();
