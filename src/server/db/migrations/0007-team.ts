// Invitations (team): who was invited to a podcast with which role. Only the SHA-256 of
// the link's random token is stored (set when the mail is rendered); the mail carries the token.
// The link works through the Berlin day `expires_on` (INVITATION_DAYS after the last mail).
import { sql } from 'kysely';
import type { Engine } from '../database.ts';
import { notNull, withId, type MigrationDb } from './column-types.ts';

export async function up(db: MigrationDb, engine: Engine) {
  await withId(db.schema.createTable('invitations'), engine)
    .addColumn('podcast_id', 'integer', (c) => c.notNull().references('podcasts.id').onDelete('cascade'))
    .addColumn('email', 'text', notNull)
    .addColumn('role', 'text', notNull)
    .addColumn('notes', 'text')
    .addColumn('token_hash', 'text', (c) => c.unique())
    .addColumn('invited_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('created_at', 'text', notNull)
    .addColumn('last_sent_at', 'text', notNull)
    .addColumn('expires_on', 'text', notNull)
    .addColumn('converted_at', 'text')
    .addColumn('converted_user_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .execute();
  // One open invitation per address and podcast: inviting again refreshes it (team/invitations.ts).
  await db.schema
    .createIndex('invitations_open')
    .on('invitations')
    .columns(['podcast_id', 'email'])
    .unique()
    .where(sql.ref('converted_at'), 'is', null)
    .execute();
}
