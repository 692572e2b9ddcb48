// A method as /nova edits it: read with every part, and its steps saved by position.
import type { Db } from '../../db/database.ts';
import { notFound } from '../../http/errors.ts';

export const missingPractice = 'Diese Methode gibt es nicht.';

export async function loadPractice(db: Db, id: number) {
  const practice = await db
    .selectFrom('practices')
    .select(['id', 'title', 'claim', 'teaser', 'emoji', 'description', 'edited_at'])
    .where('id', '=', id)
    .executeTakeFirst();
  if (!practice) throw notFound(missingPractice);
  const [keywords, context, rating, actions, allKeywords] = await Promise.all([
    db
      .selectFrom('practice_keywords')
      .select('keyword')
      .where('practice_id', '=', id)
      .orderBy('position')
      .execute(),
    db.selectFrom('practice_contexts').selectAll().where('practice_id', '=', id).executeTakeFirst(),
    db.selectFrom('practice_ratings').selectAll().where('practice_id', '=', id).executeTakeFirst(),
    db
      .selectFrom('practice_actions')
      .select(['description', 'link_target', 'link_label'])
      .where('practice_id', '=', id)
      .where('removed_at', 'is', null)
      .orderBy('position')
      .execute(),
    db.selectFrom('keywords').select(['handle', 'title']).orderBy('position').execute(),
  ]);
  const { practice_id: _c, realization, ...contextFields } = context ?? { practice_id: 0, realization: '[]' };
  const { practice_id: _r, ...ratingFields } = rating ?? { practice_id: 0 };
  return {
    ...practice,
    edited_at: practice.edited_at ?? null,
    keywords: keywords.map((k) => k.keyword),
    context: context ? { ...contextFields, realization: JSON.parse(realization) as string[] } : null,
    rating: rating ? ratingFields : null,
    actions: actions.map((a) => ({
      description: a.description,
      link_target: a.link_target ?? '',
      link_label: a.link_label ?? '',
    })),
    all_keywords: allKeywords,
  };
}

export /**
 * The steps keep their ids by position (what refers to step n stays valid); surplus steps are
 * marked removed, new ones get the next unused id of the method (`practice id × 100 + n`).
 */
async function saveActions(
  tx: Db,
  practiceId: number,
  actions: { description: string; link_target: string; link_label: string }[],
  now: string,
) {
  const current = await tx
    .selectFrom('practice_actions')
    .select(['id'])
    .where('practice_id', '=', practiceId)
    .where('removed_at', 'is', null)
    .orderBy('position')
    .execute();
  const { max } = await tx
    .selectFrom('practice_actions')
    .select((eb) => eb.fn.max('id').as('max'))
    .where('practice_id', '=', practiceId)
    .executeTakeFirstOrThrow();
  let next = Math.max(Number(max ?? 0), practiceId * 100) + 1;
  for (const [position, action] of actions.entries()) {
    const values = {
      position,
      description: action.description,
      link_target: action.link_target || null,
      link_label: action.link_target ? action.link_label || action.link_target : null,
    };
    const existing = current[position];
    if (existing) {
      await tx.updateTable('practice_actions').set(values).where('id', '=', existing.id).execute();
    } else {
      await tx
        .insertInto('practice_actions')
        .values({ id: next++, practice_id: practiceId, ...values, removed_at: null })
        .execute();
    }
  }
  const surplus = current.slice(actions.length).map((a) => a.id);
  if (surplus.length > 0) {
    await tx.updateTable('practice_actions').set({ removed_at: now }).where('id', 'in', surplus).execute();
  }
}
