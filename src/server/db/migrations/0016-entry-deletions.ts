// Entries deleted in /nova: logbook advices, changelog and roadmap entries keep their
// row with `deleted_at` (and `edited_at`), so seeding the content files again does not bring a
// deleted entry back; every reader leaves such rows out.
import type { MigrationDb } from './column-types.ts';

export async function up(db: MigrationDb) {
  for (const table of ['advices', 'changelog_items', 'roadmap_items']) {
    await db.schema.alterTable(table).addColumn('deleted_at', 'text').execute();
  }
}
