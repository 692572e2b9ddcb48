// 'Meine Daten herunterladen' (DSGVO Art. 15/20, src/server/account/export/): one export per
// account, its latest; requesting a new one replaces it (at most once an hour, by the upsert's
// condition). The archive is kept in pieces, so it is written and sent piece by piece.
import type { Engine } from '../database.ts';
import { bytesType, notNull, type MigrationDb } from './column-types.ts';

export async function up(db: MigrationDb, engine: Engine) {
  await db.schema
    .createTable('account_exports')
    .addColumn('user_id', 'integer', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
    // Random per request: a build writes its pieces under it, so a replaced export's are told apart.
    .addColumn('id', 'text', notNull)
    .addColumn('requested_at', 'text', notNull)
    // pending | ready | failed
    .addColumn('status', 'text', notNull)
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('locked_until', 'bigint')
    .addColumn('ready_at', 'text')
    .addColumn('expires_at', 'text')
    .addColumn('bytes', 'bigint')
    // Whether the account is told by mail when it is ready (built in the background).
    .addColumn('notify', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.createIndex('account_exports_status').on('account_exports').column('status').execute();

  await db.schema
    .createTable('account_export_chunks')
    .addColumn('export_id', 'text', notNull)
    .addColumn('seq', 'integer', notNull)
    .addColumn('bytes', bytesType(engine), notNull)
    .addPrimaryKeyConstraint('account_export_chunks_pk', ['export_id', 'seq'])
    .execute();
}
