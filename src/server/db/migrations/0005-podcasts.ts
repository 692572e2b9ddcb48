// Podcasts get their full shape: form fields, goals, stage, strategy, milestones, a
// metrics history, settings, episodes and the selected podcast per user. Ownership lives in one
// place: the membership with role `owner` (podcasts.owner_id goes). Until now no route created
// podcasts, so the few rows there are are carried over through memory: SQLite cannot drop a
// column that has a foreign key, and rebuilding keeps both engines on one path.
import { sql } from 'kysely';
import type { Engine } from '../database.ts';
import { notNull, withId, type MigrationDb } from './column-types.ts';

type OldPodcast = { id: number; title: string; owner_id: number; created_at: string };
type OldMembership = {
  id: number;
  podcast_id: number;
  user_id: number;
  role: string;
  active: number;
  created_at: string;
};

const podcastRef = (c: Parameters<typeof notNull>[0]) =>
  c.notNull().references('podcasts.id').onDelete('cascade');

export async function up(db: MigrationDb, engine: Engine) {
  const podcasts = (await db.selectFrom('podcasts').selectAll().execute()) as OldPodcast[];
  const memberships = (await db.selectFrom('memberships').selectAll().execute()) as OldMembership[];
  await db.schema.dropTable('memberships').execute();
  await db.schema.dropTable('podcasts').execute();

  await withId(db.schema.createTable('podcasts'), engine)
    .addColumn('title', 'text', notNull)
    .addColumn('name', 'text')
    .addColumn('author', 'text')
    // 'Choose two' (§5): exactly two categories, both or none.
    .addColumn('category_id_1', 'integer', (c) => c.references('categories.id').onDelete('set null'))
    .addColumn('category_id_2', 'integer', (c) => c.references('categories.id').onDelete('set null'))
    .addColumn('image_id', 'integer', (c) => c.references('images.id').onDelete('set null'))
    .addColumn('rss_uri', 'text')
    .addColumn('web_uri', 'text')
    .addColumn('completed_at', 'text')
    .addColumn('created_at', 'text', notNull)
    .addColumn('updated_at', 'text', notNull)
    .execute();

  await withId(db.schema.createTable('memberships'), engine)
    .addColumn('podcast_id', 'integer', podcastRef)
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('role', 'text', notNull)
    .addColumn('active', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('created_at', 'text', notNull)
    .addUniqueConstraint('memberships_podcast_user', ['podcast_id', 'user_id'])
    .execute();
  // One owner per podcast, enforced by the database.
  await db.schema
    .createIndex('memberships_one_owner')
    .on('memberships')
    .column('podcast_id')
    .unique()
    .where(sql.ref('role'), '=', 'owner')
    .execute();
  await db.schema.createIndex('memberships_user').on('memberships').column('user_id').execute();

  for (const p of podcasts) {
    await db
      .insertInto('podcasts')
      .values({ id: p.id, title: p.title, created_at: p.created_at, updated_at: p.created_at })
      .execute();
  }
  for (const m of memberships) {
    const owner = podcasts.some((p) => p.id === m.podcast_id && p.owner_id === m.user_id);
    await db
      .insertInto('memberships')
      .values({ ...m, role: owner ? 'owner' : m.role === 'owner' ? 'manager' : m.role })
      .execute();
  }
  // Copied rows kept their ids: PostgreSQL's sequences must move past them.
  if (engine === 'postgres') {
    for (const table of ['podcasts', 'memberships']) {
      await sql`SELECT setval(pg_get_serial_sequence(${table}, 'id'), COALESCE((SELECT MAX(id) FROM ${sql.table(table)}), 0) + 1, false)`.execute(
        db,
      );
    }
  }

  for (const p of podcasts) {
    if (memberships.some((m) => m.podcast_id === p.id && m.user_id === p.owner_id)) continue;
    await db
      .insertInto('memberships')
      .values({ podcast_id: p.id, user_id: p.owner_id, role: 'owner', active: 1, created_at: p.created_at })
      .execute();
  }
  await db.schema
    .createTable('user_contexts')
    .addColumn('user_id', 'integer', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
    .addColumn('podcast_id', 'integer', podcastRef)
    .execute();

  let objectives = db.schema
    .createTable('podcast_objectives')
    .addColumn('podcast_id', 'integer', (c) => podcastRef(c).primaryKey());
  for (const metric of METRICS) objectives = objectives.addColumn(metric, 'text', notNull);
  await objectives.execute();

  await db.schema
    .createTable('podcast_stages')
    .addColumn('podcast_id', 'integer', (c) => podcastRef(c).primaryKey())
    .addColumn('commitment', 'text', notNull)
    .addColumn('expansion', 'text', notNull)
    .addColumn('investment', 'text', notNull)
    .execute();

  let strategies = db.schema
    .createTable('podcast_strategies')
    .addColumn('podcast_id', 'integer', (c) => podcastRef(c).primaryKey());
  for (const field of STRATEGY_FIELDS) strategies = strategies.addColumn(field, 'text');
  await strategies.execute();

  await db.schema
    .createTable('podcast_milestones')
    .addColumn('podcast_id', 'integer', podcastRef)
    .addColumn('metric', 'text', notNull)
    .addColumn('value', 'text', notNull)
    .addPrimaryKeyConstraint('podcast_milestones_pk', ['podcast_id', 'metric'])
    .execute();

  // The metrics history: every recorded value stays, with its day and instant.
  await withId(db.schema.createTable('podcast_metrics'), engine)
    .addColumn('podcast_id', 'integer', podcastRef)
    .addColumn('metric', 'text', notNull)
    .addColumn('value', 'integer', notNull)
    .addColumn('recorded_on', 'text', notNull)
    .addColumn('created_at', 'text', notNull)
    .addColumn('user_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .execute();
  await db.schema
    .createIndex('podcast_metrics_history')
    .on('podcast_metrics')
    .columns(['podcast_id', 'metric', 'created_at'])
    .execute();

  await db.schema
    .createTable('podcast_settings')
    .addColumn('podcast_id', 'integer', podcastRef)
    .addColumn('key', 'text', notNull)
    .addColumn('value', 'text', notNull)
    .addPrimaryKeyConstraint('podcast_settings_pk', ['podcast_id', 'key'])
    .execute();

  await withId(db.schema.createTable('episodes'), engine)
    .addColumn('podcast_id', 'integer', podcastRef)
    .addColumn('guid', 'text', notNull)
    .addColumn('title', 'text', notNull)
    .addColumn('web_uri', 'text')
    .addColumn('published_at', 'text')
    .addUniqueConstraint('episodes_podcast_guid', ['podcast_id', 'guid'])
    .execute();
  await db.schema
    .createIndex('episodes_podcast_published')
    .on('episodes')
    .columns(['podcast_id', 'published_at'])
    .execute();
}

// Written out here so the migration never changes when the vocabularies do.
const METRICS = [
  'coverage',
  'throughput',
  'reputation',
  'interaction',
  'monetization',
  'expertise',
  'referability',
  'enjoyment',
];
const STRATEGY_FIELDS = [
  'subject',
  'audience',
  'uniqueness',
  'tailwind',
  'motivation',
  'referability',
  'expenditure',
];
