// Reads of the method collection and their API shapes (spec §3 Practice, context, rating).
import {
  application,
  audienceSize,
  budget,
  compilationType,
  continuation,
  endurance,
  labelled,
  metric,
  potential,
  realization,
  recurrence,
  relevance,
  timeEffort,
  type Vocabulary,
} from '../../shared/vocabulary.ts';
import type { PracticeRating } from '../../shared/practices.ts';
import type { Db } from '../db/database.ts';
import { preparedIdList, preparedQuery } from '../db/prepared-query.ts';
import { addDays, berlinDate } from '../../shared/calendar.ts';

const asLabel = <K extends string>(v: Vocabulary<K>, key: string) => labelled(v, key as K);

export async function findPractice(db: Db, id: number) {
  return db.selectFrom('practices').selectAll().where('id', '=', id).executeTakeFirst();
}
export type PracticeRow = NonNullable<Awaited<ReturnType<typeof findPractice>>>;

/** A method as lists show it: the columns sent, and whether its context, rating and actions exist. */
export function practiceSummaries(db: Db) {
  return db
    .selectFrom('practices')
    .select([
      'practices.id',
      'practices.title',
      'practices.claim',
      'practices.teaser',
      'practices.emoji',
      'practices.duration_days',
    ])
    .select((eb) => [
      eb
        .exists(
          eb
            .selectFrom('practice_contexts as pc')
            .select('pc.practice_id')
            .whereRef('pc.practice_id', '=', 'practices.id'),
        )
        .as('has_context'),
      eb
        .exists(
          eb
            .selectFrom('practice_ratings as pr')
            .select('pr.practice_id')
            .whereRef('pr.practice_id', '=', 'practices.id'),
        )
        .as('has_rating'),
      eb
        .exists(
          eb
            .selectFrom('practice_actions as pa')
            .select('pa.practice_id')
            .whereRef('pa.practice_id', '=', 'practices.id')
            .where('pa.removed_at', 'is', null),
        )
        .as('has_actions'),
    ]);
}
export type PracticeSummary = NonNullable<Awaited<ReturnType<typeof findPracticeSummary>>>;

const practiceSummary = preparedQuery((db: Db, id: number) =>
  practiceSummaries(db).where('practices.id', '=', id),
);
export async function findPracticeSummary(db: Db, id: number) {
  return (await practiceSummary(db, id))[0];
}

/** The methods of a set, in the set's order. */
export async function compilationPractices(db: Db, compilationId: number) {
  return practiceSummaries(db)
    .innerJoin('compilation_practices as cp', 'cp.practice_id', 'practices.id')
    .where('cp.compilation_id', '=', compilationId)
    .orderBy('cp.position')
    .execute();
}

/** Prefill for a new experiment: from today for the method's default duration (Berlin dates). */
function experimentDates(today: Date) {
  const from = berlinDate(today);
  return (days: number) => ({ date_from: from, date_till: addDays(from, days) });
}

const keywordRows = (db: Db) =>
  db
    .selectFrom('practice_keywords')
    .innerJoin('keywords', 'keywords.handle', 'practice_keywords.keyword')
    .select(['practice_keywords.practice_id', 'keywords.handle', 'keywords.title'])
    .orderBy('practice_keywords.position');
// One method's keywords are read on every method page, so that query is prepared.
const keywordsOfOne = preparedQuery((db: Db, id: number) => keywordRows(db).where('practice_id', '=', id));
// A page's keywords (12 methods) too.
const keywordsOfPage = preparedIdList(12, (db, ids) => keywordRows(db).where('practice_id', 'in', ids));
const keywordsOf = (db: Db, ids: number[]) =>
  ids.length === 1 ? keywordsOfOne(db, ids[0]!) : keywordsOfPage(db, ids);

/** Serialises methods with one more query (their keywords), however many there are. */
export async function serializePractices(db: Db, practices: PracticeSummary[], today: Date) {
  if (practices.length === 0) return [];
  const rows = await keywordsOf(
    db,
    practices.map((p) => p.id),
  );
  const keywords = new Map<number, { handle: string; title: string }[]>();
  for (const { practice_id, handle, title } of rows) {
    const list = keywords.get(practice_id);
    if (list) list.push({ handle, title });
    else keywords.set(practice_id, [{ handle, title }]);
  }
  const dates = experimentDates(today);
  return practices.map((practice) => ({
    id: practice.id,
    title: practice.title,
    claim: practice.claim,
    teaser: practice.teaser,
    emoji: practice.emoji,
    keywords: keywords.get(practice.id) ?? [],
    // Per-podcast fields; they get values once podcasts and the recommendation engine exist.
    similarity: null,
    score: null,
    reasons: null,
    accessible: true,
    applied: false,
    bookmarked: false,
    rejected: false,
    applied_on: null,
    // SQLite answers EXISTS with 0/1, PostgreSQL with a boolean.
    setup_context: Boolean(practice.has_context),
    setup_actions: Boolean(practice.has_actions),
    setup_rating: Boolean(practice.has_rating),
    duration_days: practice.duration_days,
    ...dates(practice.duration_days),
  }));
}

export async function serializePractice(db: Db, practice: PracticeSummary, today: Date) {
  const [serialized] = await serializePractices(db, [practice], today);
  return serialized!;
}

export async function practiceContext(db: Db, id: number) {
  const row = await db
    .selectFrom('practice_contexts')
    .selectAll()
    .where('practice_id', '=', id)
    .executeTakeFirst();
  if (!row) return undefined;
  return {
    relevance: asLabel(relevance, row.relevance),
    application: asLabel(application, row.application),
    investment: asLabel(budget, row.investment),
    commitment: asLabel(timeEffort, row.commitment),
    endurance: asLabel(endurance, row.endurance),
    recurrence: asLabel(recurrence, row.recurrence),
    continuation: asLabel(continuation, row.continuation),
    expansion: asLabel(audienceSize, row.expansion),
    realization: (JSON.parse(row.realization) as string[]).map((k) => asLabel(realization, k)),
  };
}

export async function practiceRating(db: Db, id: number): Promise<PracticeRating | undefined> {
  const row = await db
    .selectFrom('practice_ratings')
    .selectAll()
    .where('practice_id', '=', id)
    .executeTakeFirst();
  if (!row) return undefined;
  return Object.fromEntries(metric.keys.map((k) => [k, asLabel(potential, row[k])])) as PracticeRating;
}

export async function practiceActions(db: Db, id: number) {
  const rows = await db
    .selectFrom('practice_actions')
    .selectAll()
    .where('practice_id', '=', id)
    .where('removed_at', 'is', null)
    .orderBy('position')
    .execute();
  return rows.map((a) => ({
    id: a.id,
    description: a.description,
    has_link: a.link_target !== null,
    link_target: a.link_target,
    link_label: a.link_label,
  }));
}

/** Sets with their method counts: all, one (`id`), or those holding a method (`practiceId`). */
export async function compilationsOf(db: Db, filter: { id?: number; practiceId?: number } = {}) {
  const { id, practiceId } = filter;
  let query = db
    .selectFrom('compilations')
    .leftJoin('compilation_practices as cp', 'cp.compilation_id', 'compilations.id')
    .select([
      'compilations.id',
      'compilations.title',
      'compilations.emoji',
      'compilations.type',
      'compilations.description',
    ])
    .select((eb) => eb.fn.count<number>('cp.practice_id').as('num_practices'))
    .groupBy([
      'compilations.id',
      'compilations.title',
      'compilations.emoji',
      'compilations.type',
      'compilations.description',
    ])
    .orderBy('compilations.id');
  if (id !== undefined) query = query.where('compilations.id', '=', id);
  if (practiceId !== undefined) {
    query = query.where('compilations.id', 'in', (eb) =>
      eb.selectFrom('compilation_practices').select('compilation_id').where('practice_id', '=', practiceId),
    );
  }
  const rows = await query.execute();
  return rows.map((c) => ({
    ...c,
    type: asLabel(compilationType, c.type),
    num_practices: Number(c.num_practices),
  }));
}
