// Secrets kept in the database so every process of a scaled-out deployment shares them.
import { randomBytes } from 'node:crypto';
import type { Database } from '../db/database.ts';

/**
 * The secret under `key`, made by `create` only when there is none yet. Two processes making it at
 * once both insert; the first insert wins and both read it back. Entscheidung AUTH-3: `create`
 * runs only for a missing secret (the VAPID pair's loads web-push and makes a key pair).
 */
export async function secret(
  db: Database,
  key: string,
  create: () => string | Promise<string> = () => randomBytes(32).toString('hex'),
) {
  const read = () => db.selectFrom('secrets').select('value').where('key', '=', key).executeTakeFirst();
  const kept = await read();
  if (kept) return kept.value;
  await db
    .insertInto('secrets')
    .values({ key, value: await create() })
    .onConflict((oc) => oc.column('key').doNothing())
    .execute();
  const made = await read();
  if (!made) throw new Error(`the secret ${key} was neither found nor stored`);
  return made.value;
}
