// The admin panel: the audit log of every admin write, feedback received, newsletter
// sign-ups with double opt-in, and `edited_at` on the editorial tables: a row edited in /nova
// keeps its text when the content files are seeded again.
import type { Engine } from '../database.ts';
import { notNull, withId, type MigrationDb } from './column-types.ts';

export async function up(db: MigrationDb, engine: Engine) {
  await withId(db.schema.createTable('audit_log'), engine)
    .addColumn('user_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
    /** The actor's address at the time, kept when the account goes. */
    .addColumn('user_email', 'text', notNull)
    .addColumn('action', 'text', notNull)
    .addColumn('subject_type', 'text', notNull)
    .addColumn('subject_id', 'text', notNull)
    /** JSON: what was changed. */
    .addColumn('details', 'text', notNull)
    .addColumn('created_at', 'text', notNull)
    .execute();
  await db.schema.createIndex('audit_log_created').on('audit_log').column('created_at').execute();

  await withId(db.schema.createTable('feedback'), engine)
    .addColumn('user_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('email', 'text')
    .addColumn('message', 'text', notNull)
    /** The app path the feedback was given on. */
    .addColumn('page', 'text', notNull)
    .addColumn('created_at', 'text', notNull)
    .execute();

  await withId(db.schema.createTable('newsletter_signups'), engine)
    .addColumn('email', 'text', (c) => c.notNull().unique())
    /** SHA-256 of the confirmation token in the newest mail; null until the mail is rendered. */
    .addColumn('token_hash', 'text', (c) => c.unique())
    .addColumn('created_at', 'text', notNull)
    .addColumn('confirmed_at', 'text')
    .execute();

  for (const table of ['practices', 'compilations', 'advices', 'changelog_items', 'roadmap_items']) {
    await db.schema.alterTable(table).addColumn('edited_at', 'text').execute();
  }
}
