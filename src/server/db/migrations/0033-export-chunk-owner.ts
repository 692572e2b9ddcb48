// The pieces of an account's archive go with the account (a deleted account leaves no copy of its
// data behind): each piece names its account, deleted with it by the foreign key.
import type { MigrationDb } from './column-types.ts';

export async function up(db: MigrationDb) {
  // Pieces from before this column could not be told apart: they are rebuilt on request.
  await db.deleteFrom('account_export_chunks').execute();
  await db.updateTable('account_exports').set({ status: 'expired' }).where('status', '=', 'ready').execute();
  await db.schema
    .alterTable('account_export_chunks')
    .addColumn('user_id', 'integer', (c) => c.references('users.id').onDelete('cascade'))
    .execute();
}
