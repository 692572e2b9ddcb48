import { notNull, type MigrationDb } from './column-types.ts';

const practiceRef = (c: Parameters<typeof notNull>[0]) =>
  c.notNull().references('practices.id').onDelete('cascade');

export async function up(db: MigrationDb) {
  await db.schema
    .createTable('practices')
    .addColumn('id', 'integer', (c) => c.primaryKey())
    .addColumn('title', 'text', notNull)
    .addColumn('claim', 'text', notNull)
    .addColumn('teaser', 'text', notNull)
    .addColumn('emoji', 'text', notNull)
    .addColumn('area', 'text', notNull)
    .addColumn('duration_days', 'integer', notNull)
    .addColumn('description', 'text', notNull)
    .addColumn('created_at', 'text', notNull)
    .addColumn('updated_at', 'text', notNull)
    .execute();

  let contexts = db.schema
    .createTable('practice_contexts')
    .addColumn('practice_id', 'integer', (c) => practiceRef(c).primaryKey());
  for (const field of [
    'relevance',
    'application',
    'investment',
    'commitment',
    'endurance',
    'recurrence',
    'continuation',
    'expansion',
    'realization',
  ]) {
    contexts = contexts.addColumn(field, 'text', notNull);
  }
  await contexts.execute();

  let ratings = db.schema
    .createTable('practice_ratings')
    .addColumn('practice_id', 'integer', (c) => practiceRef(c).primaryKey());
  for (const metric of [
    'coverage',
    'throughput',
    'reputation',
    'interaction',
    'monetization',
    'expertise',
    'referability',
    'enjoyment',
  ]) {
    ratings = ratings.addColumn(metric, 'text', notNull);
  }
  await ratings.execute();

  await db.schema
    .createTable('practice_actions')
    .addColumn('practice_id', 'integer', practiceRef)
    .addColumn('position', 'integer', notNull)
    .addColumn('description', 'text', notNull)
    .addColumn('link_target', 'text')
    .addColumn('link_label', 'text')
    .addPrimaryKeyConstraint('practice_actions_pk', ['practice_id', 'position'])
    .execute();

  await db.schema
    .createTable('keywords')
    .addColumn('handle', 'text', (c) => c.primaryKey())
    .addColumn('title', 'text', notNull)
    .addColumn('position', 'integer', notNull)
    .execute();

  await db.schema
    .createTable('practice_keywords')
    .addColumn('practice_id', 'integer', practiceRef)
    .addColumn('keyword', 'text', (c) => c.notNull().references('keywords.handle'))
    .addColumn('position', 'integer', notNull)
    .addPrimaryKeyConstraint('practice_keywords_pk', ['practice_id', 'keyword'])
    .execute();

  await db.schema
    .createTable('compilations')
    .addColumn('id', 'integer', (c) => c.primaryKey())
    .addColumn('title', 'text', notNull)
    .addColumn('emoji', 'text', notNull)
    .addColumn('type', 'text', notNull)
    .addColumn('description', 'text', notNull)
    .execute();

  await db.schema
    .createTable('compilation_practices')
    .addColumn('compilation_id', 'integer', (c) =>
      c.notNull().references('compilations.id').onDelete('cascade'),
    )
    .addColumn('practice_id', 'integer', practiceRef)
    .addColumn('position', 'integer', notNull)
    .addPrimaryKeyConstraint('compilation_practices_pk', ['compilation_id', 'practice_id'])
    .execute();

  for (const table of ['advices', 'categories']) {
    await db.schema
      .createTable(table)
      .addColumn('id', 'integer', (c) => c.primaryKey())
      .addColumn(table === 'advices' ? 'content' : 'display', 'text', notNull)
      .execute();
  }

  await db.schema
    .createTable('changelog_items')
    .addColumn('id', 'integer', (c) => c.primaryKey())
    .addColumn('title', 'text', notNull)
    .addColumn('release', 'text', notNull)
    .addColumn('released_at', 'text', notNull)
    .addColumn('content', 'text', notNull)
    .execute();

  await db.schema
    .createTable('roadmap_items')
    .addColumn('id', 'integer', (c) => c.primaryKey())
    .addColumn('title', 'text', notNull)
    .addColumn('content', 'text', notNull)
    .addColumn('position', 'integer', notNull)
    .execute();
}
