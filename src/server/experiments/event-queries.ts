// The activity log: its one writer and the timeline as the API sends it.
import { sql } from 'kysely';
import type { Database, Db } from '../db/database.ts';
import { newestPage, olderThan, pageOf, type Keyset } from '../db/keyset-page.ts';
import { preparedQuery, preparedWrite } from '../db/prepared-query.ts';
import type { Changed } from '../db/logged-change.ts';
import { evaluationKind, type ExperimentEvent } from '../../shared/experiments.ts';

type Trackable = 'experiment' | 'experiment_action' | 'experiment_metric';
type EventType = 'created' | 'updated' | 'deleted';

// Built once (prepared-query.ts): it runs inside the transaction of every step change.
const insertEvent = preparedWrite(
  (
    tx: Db,
    podcast_id: number,
    experiment_id: number,
    trackable_type: Trackable,
    trackable_id: number | null,
    event_type: EventType,
    user_id: number,
    created_at: string,
  ) =>
    tx.insertInto('events').values({
      podcast_id,
      experiment_id,
      trackable_type,
      trackable_id,
      event_type,
      user_id,
      created_at,
    }),
);

type Entry = {
  podcastId: number;
  experimentId: number;
  trackable: Trackable;
  trackableId: number | null;
  type: EventType;
  userId: number;
  at: string;
};
const columnsOf = (entry: Entry) =>
  [
    entry.podcastId,
    entry.experimentId,
    entry.trackable,
    entry.trackableId,
    entry.type,
    entry.userId,
    entry.at,
  ] as const;

/**
 * Records one entry of the activity log. Call it inside the transaction of the change it
 * records, and only when something changed.
 */
export async function recordEvent(tx: Db, entry: Entry) {
  await insertEvent(tx, ...columnsOf(entry));
}

/**
 * The log entries of the rows a change wrote, read by their `id` from `changed`
 * (db/logged-change.ts: on PostgreSQL in the change's statement). `one`: a single entry for all of
 * them, about the first (a metrics evaluation is one entry; a step change is one per step).
 */
export function logChanged(
  qc: Changed,
  entry: {
    podcastId: number;
    experimentId: number;
    trackable: Trackable;
    type: EventType;
    userId: number;
    at: string;
  },
  one = false,
) {
  return qc
    .insertInto('events')
    .columns([
      'podcast_id',
      'experiment_id',
      'trackable_type',
      'trackable_id',
      'event_type',
      'user_id',
      'created_at',
    ])
    .expression((eb) =>
      eb
        .selectFrom('changed')
        .select((s) => [
          sql<number>`CAST(${entry.podcastId} AS INTEGER)`.as('podcast_id'),
          sql<number>`CAST(${entry.experimentId} AS INTEGER)`.as('experiment_id'),
          sql.lit(entry.trackable).as('trackable_type'),
          (one ? s.fn.min('changed.id') : s.ref('changed.id')).as('trackable_id'),
          sql.lit(entry.type).as('event_type'),
          sql<number>`CAST(${entry.userId} AS INTEGER)`.as('user_id'),
          sql<string>`CAST(${entry.at} AS TEXT)`.as('created_at'),
        ]),
    );
}

/**
 * The timeline's rows, newest first, with what each is about; an evaluation's kind from its
 * metrics row (one event per evaluation, trackable_id its first row). Built and compiled once and,
 * on SQLite, read synchronously (prepared-query.ts, Entscheidung EXP-4).
 */
/** Entries per page of the timeline (older pages with `before`, like the comments). */
export const EVENTS_PAGE = 50;
const pages: Keyset = { table: 'events', alias: 'ev', list: 'experiment_id', size: EVENTS_PAGE };
const timelineRows = (db: Database, experimentId: number) =>
  db
    .selectFrom('events as ev')
    .leftJoin('users as u', 'u.id', 'ev.user_id')
    .leftJoin('experiments as e', (j) =>
      j.onRef('e.id', '=', 'ev.trackable_id').on('ev.trackable_type', '=', 'experiment'),
    )
    .leftJoin('experiment_actions as a', (j) =>
      j.onRef('a.id', '=', 'ev.trackable_id').on('ev.trackable_type', '=', 'experiment_action'),
    )
    .leftJoin('podcast_metrics as m', (j) =>
      j.onRef('m.id', '=', 'ev.trackable_id').on('ev.trackable_type', '=', 'experiment_metric'),
    )
    .select([
      'ev.id',
      'ev.trackable_type',
      'ev.event_type',
      'ev.created_at',
      'u.id as user_id',
      'u.name as user_name',
      'e.title as experiment_title',
      'a.description as action_description',
      'm.evaluation',
    ])
    .where('ev.experiment_id', '=', experimentId)
    .$call((q) => newestPage(q, pages));
const timeline = preparedQuery(timelineRows);
const timelineBefore = preparedQuery((db: Database, experimentId: number, before: number) =>
  timelineRows(db, experimentId).where(olderThan(pages, experimentId, before)),
);

/**
 * A page of the timeline, newest first, each entry with what it is about, and `meta.before` for
 * the page older than it (null: none). Without `before` the newest page.
 */
export async function loadEvents(db: Database, experimentId: number, before?: number) {
  const rows = await (before === undefined
    ? timeline(db, experimentId)
    : timelineBefore(db, experimentId, before));
  const { page, before: older } = pageOf(rows, pages);
  return { data: page.map(serializeEvent), meta: { before: older } };
}

type TimelineRow = Awaited<ReturnType<typeof timeline>>[number];
function serializeEvent(r: TimelineRow): ExperimentEvent {
  const kind = r.evaluation;
  const subject =
    r.trackable_type === 'experiment'
      ? r.experiment_title
      : r.trackable_type === 'experiment_action'
        ? r.action_description
        : kind === 'interim' || kind === 'final'
          ? evaluationKind.labels[kind]
          : null;
  return {
    id: r.id,
    trackable_type: r.trackable_type as ExperimentEvent['trackable_type'],
    event_type: r.event_type as ExperimentEvent['event_type'],
    subject: subject ?? null,
    user: r.user_id === null || r.user_id === undefined ? null : { id: r.user_id, name: r.user_name ?? null },
    created_at: r.created_at,
  };
}
