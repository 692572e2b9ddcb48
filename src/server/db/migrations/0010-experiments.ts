// Experiments: a time-boxed try of one method in one podcast. The method's action steps
// are copied into the experiment when it starts (with their links), each under its own stable id,
// so later edits of the method change no running experiment. Comments are plain text. The
// activity log (`events`) records who created, updated or deleted an experiment, an action step
// or an evaluation (experiment_metric), written in the transaction of the change it records.
// Evaluations join the podcast's metrics history (podcast_metrics, 0005) with their experiment
// and kind (interim or final). Experiments are removed softly (`deleted_at`): the log keeps them.
import type { Engine } from '../database.ts';
import { notNull, withId, type MigrationDb } from './column-types.ts';

export async function up(db: MigrationDb, engine: Engine) {
  await withId(db.schema.createTable('experiments'), engine)
    .addColumn('podcast_id', 'integer', (c) => c.notNull().references('podcasts.id').onDelete('cascade'))
    .addColumn('practice_id', 'integer', (c) => c.notNull().references('practices.id'))
    .addColumn('user_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('title', 'text', notNull)
    // yyyy-MM-dd, Berlin calendar days; the experiment runs from starts_at through ends_at.
    .addColumn('starts_at', 'text', notNull)
    .addColumn('ends_at', 'text', notNull)
    .addColumn('notes', 'text')
    .addColumn('created_at', 'text', notNull)
    .addColumn('updated_at', 'text', notNull)
    .addColumn('deleted_at', 'text')
    .execute();
  await db.schema
    .createIndex('experiments_podcast')
    .on('experiments')
    .columns(['podcast_id', 'ends_at'])
    .execute();
  await db.schema.createIndex('experiments_practice').on('experiments').column('practice_id').execute();

  await withId(db.schema.createTable('experiment_actions'), engine)
    .addColumn('experiment_id', 'integer', (c) =>
      c.notNull().references('experiments.id').onDelete('cascade'),
    )
    // The method's step it was copied from (null once that step is gone).
    .addColumn('practice_action_id', 'integer', (c) =>
      c.references('practice_actions.id').onDelete('set null'),
    )
    .addColumn('position', 'integer', notNull)
    .addColumn('description', 'text', notNull)
    .addColumn('link_target', 'text')
    .addColumn('link_label', 'text')
    .addColumn('completed_at', 'text')
    .addColumn('completed_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .execute();
  await db.schema
    .createIndex('experiment_actions_experiment')
    .on('experiment_actions')
    .columns(['experiment_id', 'position'])
    .execute();

  await withId(db.schema.createTable('comments'), engine)
    .addColumn('experiment_id', 'integer', (c) =>
      c.notNull().references('experiments.id').onDelete('cascade'),
    )
    .addColumn('user_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('content', 'text', notNull)
    .addColumn('created_at', 'text', notNull)
    .execute();
  await db.schema
    .createIndex('comments_experiment')
    .on('comments')
    .columns(['experiment_id', 'created_at'])
    .execute();

  await withId(db.schema.createTable('events'), engine)
    .addColumn('podcast_id', 'integer', (c) => c.notNull().references('podcasts.id').onDelete('cascade'))
    .addColumn('experiment_id', 'integer', (c) => c.references('experiments.id').onDelete('cascade'))
    // experiment, experiment_action or experiment_metric, and the row's id.
    .addColumn('trackable_type', 'text', notNull)
    .addColumn('trackable_id', 'integer')
    // created, updated, deleted, login, logout
    .addColumn('event_type', 'text', notNull)
    .addColumn('user_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('created_at', 'text', notNull)
    .execute();
  await db.schema
    .createIndex('events_experiment')
    .on('events')
    .columns(['experiment_id', 'created_at'])
    .execute();
  await db.schema.createIndex('events_podcast').on('events').columns(['podcast_id', 'created_at']).execute();

  // An evaluation's values: which experiment (null for one without) and interim or final.
  await db.schema
    .alterTable('podcast_metrics')
    .addColumn('experiment_id', 'integer', (c) => c.references('experiments.id').onDelete('set null'))
    .execute();
  await db.schema.alterTable('podcast_metrics').addColumn('evaluation', 'text').execute();
  await db.schema
    .createIndex('podcast_metrics_experiment')
    .on('podcast_metrics')
    .columns(['experiment_id', 'evaluation'])
    .execute();
}
