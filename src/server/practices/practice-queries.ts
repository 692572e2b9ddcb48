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
import { addDays, berlinDate } from '../../shared/calendar.ts';

const asLabel = <K extends string>(v: Vocabulary<K>, key: string) => labelled(v, key as K);

export async function findPractice(db: Db, id: number) {
  return db.selectFrom('practices').selectAll().where('id', '=', id).executeTakeFirst();
}
export type PracticeRow = NonNullable<Awaited<ReturnType<typeof findPractice>>>;

/** Serialises methods with four queries in all, however many there are. */
export async function serializePractices(db: Db, practices: PracticeRow[], today: Date) {
  if (practices.length === 0) return [];
  const ids = practices.map((p) => p.id);
  const idsOf = (rows: { practice_id: number }[]) => new Set(rows.map((r) => r.practice_id));
  const [keywords, contexts, ratings, actions] = await Promise.all([
    db
      .selectFrom('practice_keywords')
      .innerJoin('keywords', 'keywords.handle', 'practice_keywords.keyword')
      .select(['practice_keywords.practice_id', 'keywords.handle', 'keywords.title'])
      .where('practice_id', 'in', ids)
      .orderBy('practice_keywords.position')
      .execute(),
    db
      .selectFrom('practice_contexts')
      .select('practice_id')
      .where('practice_id', 'in', ids)
      .execute()
      .then(idsOf),
    db
      .selectFrom('practice_ratings')
      .select('practice_id')
      .where('practice_id', 'in', ids)
      .execute()
      .then(idsOf),
    db
      .selectFrom('practice_actions')
      .select('practice_id')
      .distinct()
      .where('practice_id', 'in', ids)
      .where('removed_at', 'is', null)
      .execute()
      .then(idsOf),
  ]);
  const from = berlinDate(today);
  return practices.map((practice) => {
    return {
      id: practice.id,
      title: practice.title,
      claim: practice.claim,
      teaser: practice.teaser,
      emoji: practice.emoji,
      keywords: keywords
        .filter((k) => k.practice_id === practice.id)
        .map(({ handle, title }) => ({ handle, title })),
      // Per-podcast fields; they get values once podcasts and the recommendation engine exist.
      similarity: null,
      score: null,
      accessible: true,
      applied: false,
      bookmarked: false,
      rejected: false,
      setup_context: contexts.has(practice.id),
      setup_actions: actions.has(practice.id),
      setup_rating: ratings.has(practice.id),
      duration_days: practice.duration_days,
      // Prefill for a new experiment: from today for the method's default duration.
      date_from: from,
      date_till: addDays(from, practice.duration_days),
    };
  });
}

export async function serializePractice(db: Db, practice: PracticeRow, today: Date) {
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
