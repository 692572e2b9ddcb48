import { bytesType, notNull, withId, type MigrationDb } from './column-types.ts';
import type { Engine } from '../database.ts';

export async function up(db: MigrationDb, engine: Engine) {
  await withId(db.schema.createTable('images'), engine)
    .addColumn('bytes', bytesType(engine), notNull)
    .addColumn('mime', 'text', notNull)
    .addColumn('created_at', 'text', notNull)
    .execute();

  await withId(db.schema.createTable('users'), engine)
    .addColumn('name', 'text')
    .addColumn('email', 'text', (c) => c.notNull().unique())
    .addColumn('password_hash', 'text', notNull)
    .addColumn('role', 'text', (c) => c.notNull().defaultTo('user'))
    .addColumn('email_verified_at', 'text')
    .addColumn('granted', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('image_id', 'integer', (c) => c.references('images.id').onDelete('set null'))
    .addColumn('steady_user_email', 'text')
    .addColumn('created_at', 'text', notNull)
    .addColumn('updated_at', 'text', notNull)
    .execute();

  await db.schema
    .createTable('profiles')
    .addColumn('user_id', 'integer', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
    .addColumn('username', 'text', notNull)
    .addColumn('position', 'text')
    .addColumn('language', 'text', notNull)
    .addColumn('referrer', 'text')
    .execute();

  await db.schema
    .createTable('sessions')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('created_at', 'text', notNull)
    .addColumn('expires_at', 'text', notNull)
    .addColumn('user_agent', 'text')
    .execute();
  await db.schema.createIndex('sessions_user_id').on('sessions').column('user_id').execute();

  await db.schema
    .createTable('password_resets')
    .addColumn('token_hash', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('expires_at', 'text', notNull)
    .addColumn('used_at', 'text')
    .execute();

  await db.schema
    .createTable('throttles')
    .addColumn('key', 'text', (c) => c.primaryKey())
    .addColumn('hits', 'integer', notNull)
    .addColumn('reset_at', 'bigint', notNull)
    .execute();

  await db.schema
    .createTable('access_codes')
    .addColumn('code', 'text', (c) => c.primaryKey())
    .addColumn('note', 'text')
    .addColumn('created_at', 'text', notNull)
    .addColumn('redeemed_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('redeemed_at', 'text')
    .execute();

  await db.schema
    .createTable('secrets')
    .addColumn('key', 'text', (c) => c.primaryKey())
    .addColumn('value', 'text', notNull)
    .execute();

  // Podcasts and memberships get their full shape with the podcast issue; the app shell already
  // asks which podcasts a user can select.
  await withId(db.schema.createTable('podcasts'), engine)
    .addColumn('title', 'text', notNull)
    .addColumn('owner_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('created_at', 'text', notNull)
    .execute();

  await withId(db.schema.createTable('memberships'), engine)
    .addColumn('podcast_id', 'integer', (c) => c.notNull().references('podcasts.id').onDelete('cascade'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('role', 'text', notNull)
    .addColumn('active', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('created_at', 'text', notNull)
    .addUniqueConstraint('memberships_podcast_user', ['podcast_id', 'user_id'])
    .execute();
}
