// Images are addressed by a random key instead of their counting id, so nobody can walk through
// them (item 9). Existing rows get a key of their own.
import { randomBytes } from 'node:crypto';
import type { Engine } from '../database.ts';
import type { MigrationDb } from './column-types.ts';

export async function up(db: MigrationDb, engine: Engine) {
  await db.schema.alterTable('images').addColumn('key', 'text').execute();
  const rows: { id: number }[] = await db.selectFrom('images').select('id').execute();
  for (const { id } of rows) {
    await db
      .updateTable('images')
      .set({ key: randomBytes(16).toString('base64url') })
      .where('id', '=', id)
      .execute();
  }
  // SQLite cannot add NOT NULL to an existing column; there the insert in store-image.ts always
  // sets the key.
  if (engine === 'postgres') {
    await db.schema
      .alterTable('images')
      .alterColumn('key', (c) => c.setNotNull())
      .execute();
  }
  await db.schema.createIndex('images_key').on('images').column('key').unique().execute();
}
