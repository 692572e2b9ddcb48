// Secrets kept in the database so every process of a scaled-out deployment shares them.
import { randomBytes } from 'node:crypto';
import type { Database } from '../db/database.ts';

export async function secret(
  db: Database,
  key: string,
  create: () => string | Promise<string> = () => randomBytes(32).toString('hex'),
) {
  await db
    .insertInto('secrets')
    .values({ key, value: await create() })
    .onConflict((oc) => oc.column('key').doNothing())
    .execute();
  const row = await db.selectFrom('secrets').select('value').where('key', '=', key).executeTakeFirstOrThrow();
  return row.value;
}
