// /nova content (editors and admins): methods, sets, advices, changelog and roadmap entries.
// An edit sets the row's `edited_at`, so the seed leaves it alone from then on (the content files
// no longer overwrite it), and renews the content version, so method answers rendered before
// are not sent again.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  adminAdviceForm,
  adminAdviceResponse,
  adminAdvicesResponse,
  adminChangelogForm,
  adminChangelogItemResponse,
  adminChangelogResponse,
  adminCompilationForm,
  adminCompilationResponse,
  adminCompilationsResponse,
  adminPracticeForm,
  adminPracticeResponse,
  adminPracticesResponse,
  adminRoadmapForm,
  adminRoadmapItemResponse,
  adminRoadmapResponse,
} from '../../shared/admin.ts';
import { idParam } from '../../shared/api.ts';
import { metric } from '../../shared/vocabulary.ts';
import type { AppContext } from '../context.ts';
import type { Db } from '../db/database.ts';
import { invalid, notFound } from '../http/errors.ts';
import { audited } from './staff.ts';

const missingPractice = 'Diese Methode gibt es nicht.';

async function loadPractice(db: Db, id: number) {
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

export function adminContentRoutes(app: FastifyInstance, ctx: AppContext) {
  const { db } = ctx;
  const api = app.withTypeProvider<ZodTypeProvider>();
  const staff = { staff: 'content' as const };

  // ---- methods ----
  api.get(
    '/api/nova/practices',
    { schema: { response: { 200: adminPracticesResponse } }, config: staff },
    async () => ({
      data: (
        await db.selectFrom('practices').select(['id', 'title', 'emoji', 'edited_at']).orderBy('id').execute()
      ).map((p) => ({ ...p, edited_at: p.edited_at ?? null })),
    }),
  );

  api.get(
    '/api/nova/practices/:id',
    { schema: { params: idParam, response: { 200: adminPracticeResponse } }, config: staff },
    async (request) => ({ data: (await loadPractice(db, request.params.id)) as never }),
  );

  api.put(
    '/api/nova/practices/:id',
    {
      schema: { params: idParam, body: adminPracticeForm, response: { 200: adminPracticeResponse } },
      config: staff,
    },
    async (request) => {
      const { id } = request.params;
      const form = request.body;
      await audited(ctx, request, async (tx, now) => {
        const before = await tx
          .selectFrom('practices')
          .select('title')
          .where('id', '=', id)
          .executeTakeFirst();
        if (!before) throw notFound(missingPractice);
        const known = await tx
          .selectFrom('keywords')
          .select('handle')
          .where('handle', 'in', form.keywords)
          .execute();
        const unknown = form.keywords.filter((k) => !known.some((row) => row.handle === k));
        if (unknown.length > 0) throw invalid({ keywords: ['Dieses Stichwort gibt es nicht.'] });
        const stamp = now.toISOString();
        await tx
          .updateTable('practices')
          .set({
            title: form.title,
            claim: form.claim,
            teaser: form.teaser,
            emoji: form.emoji,
            description: form.description,
            updated_at: stamp,
            edited_at: stamp,
          })
          .where('id', '=', id)
          .execute();
        await tx.deleteFrom('practice_keywords').where('practice_id', '=', id).execute();
        await tx
          .insertInto('practice_keywords')
          .values(
            [...new Set(form.keywords)].map((keyword, position) => ({ practice_id: id, keyword, position })),
          )
          .execute();
        await tx.deleteFrom('practice_contexts').where('practice_id', '=', id).execute();
        if (form.context) {
          await tx
            .insertInto('practice_contexts')
            .values({
              practice_id: id,
              ...form.context,
              realization: JSON.stringify(form.context.realization),
            })
            .execute();
        }
        await tx.deleteFrom('practice_ratings').where('practice_id', '=', id).execute();
        if (form.rating) {
          await tx
            .insertInto('practice_ratings')
            .values({
              practice_id: id,
              ...Object.fromEntries(metric.keys.map((k) => [k, form.rating![k]])),
            } as never)
            .execute();
        }
        await saveActions(tx, id, form.actions, stamp);
        return {
          result: undefined,
          entry: {
            action: 'practice.update',
            subjectType: 'practice',
            subjectId: id,
            details: { title: form.title, previous_title: before.title },
          },
          content: true,
        };
      });
      return { data: (await loadPractice(db, id)) as never };
    },
  );

  // ---- sets ----
  async function compilations(onlyId?: number) {
    let q = db
      .selectFrom('compilations')
      .select(['id', 'title', 'emoji', 'type', 'description', 'edited_at']);
    if (onlyId !== undefined) q = q.where('id', '=', onlyId);
    const rows = await q.orderBy('id').execute();
    const members = await db
      .selectFrom('compilation_practices')
      .select(['compilation_id', 'practice_id'])
      .orderBy('position')
      .execute();
    return rows.map((c) => ({
      ...c,
      type: c.type as 'edition',
      edited_at: c.edited_at ?? null,
      practices: members.filter((m) => m.compilation_id === c.id).map((m) => m.practice_id),
    }));
  }
  api.get(
    '/api/nova/compilations',
    { schema: { response: { 200: adminCompilationsResponse } }, config: staff },
    async () => ({
      data: await compilations(),
    }),
  );
  api.put(
    '/api/nova/compilations/:id',
    {
      schema: { params: idParam, body: adminCompilationForm, response: { 200: adminCompilationResponse } },
      config: staff,
    },
    async (request) => {
      const { id } = request.params;
      const { practices, ...fields } = request.body;
      await audited(ctx, request, async (tx, now) => {
        const found = await tx
          .selectFrom('compilations')
          .select('id')
          .where('id', '=', id)
          .executeTakeFirst();
        if (!found) throw notFound('Dieses Set gibt es nicht.');
        const unique = [...new Set(practices)];
        const existing = await tx.selectFrom('practices').select('id').where('id', 'in', unique).execute();
        if (existing.length !== unique.length) throw invalid({ practices: ['Diese Methode gibt es nicht.'] });
        await tx
          .updateTable('compilations')
          .set({ ...fields, edited_at: now.toISOString() })
          .where('id', '=', id)
          .execute();
        await tx.deleteFrom('compilation_practices').where('compilation_id', '=', id).execute();
        await tx
          .insertInto('compilation_practices')
          .values(unique.map((practice_id, position) => ({ compilation_id: id, practice_id, position })))
          .execute();
        return {
          result: undefined,
          entry: {
            action: 'compilation.update',
            subjectType: 'compilation',
            subjectId: id,
            details: { title: fields.title },
          },
          content: true,
        };
      });
      return { data: (await compilations(id))[0]! };
    },
  );

  // ---- advices ----
  api.get(
    '/api/nova/advices',
    { schema: { response: { 200: adminAdvicesResponse } }, config: staff },
    async () => ({
      data: (
        await db
          .selectFrom('advices')
          .select(['id', 'content', 'edited_at'])
          .where('deleted_at', 'is', null)
          .orderBy('id')
          .execute()
      ).map((a) => ({
        ...a,
        edited_at: a.edited_at ?? null,
      })),
    }),
  );
  const saveAdvice =
    (id: number | undefined) =>
    async (request: { body: { content: string } } & Parameters<typeof audited>[1]) =>
      audited(ctx, request, async (tx, now) => {
        const stamp = now.toISOString();
        let adviceId = id;
        if (adviceId === undefined) {
          adviceId = await nextId(tx, 'advices');
          await tx
            .insertInto('advices')
            .values({ id: adviceId, content: request.body.content, edited_at: stamp })
            .execute();
        } else {
          const r = await tx
            .updateTable('advices')
            .set({ content: request.body.content, edited_at: stamp })
            .where('id', '=', adviceId)
            .where('deleted_at', 'is', null)
            .executeTakeFirst();
          if (Number(r.numUpdatedRows) === 0) throw notFound('Diesen Logbuch-Eintrag gibt es nicht.');
        }
        return {
          result: { data: { id: adviceId, content: request.body.content, edited_at: stamp } },
          entry: {
            action: id === undefined ? 'advice.create' : 'advice.update',
            subjectType: 'advice',
            subjectId: adviceId,
          },
          content: true,
        };
      });
  api.post(
    '/api/nova/advices',
    { schema: { body: adminAdviceForm, response: { 201: adminAdviceResponse } }, config: staff },
    async (request, reply) => reply.status(201).send(await saveAdvice(undefined)(request)),
  );
  api.put(
    '/api/nova/advices/:id',
    {
      schema: { params: idParam, body: adminAdviceForm, response: { 200: adminAdviceResponse } },
      config: staff,
    },
    async (request) => saveAdvice(request.params.id)(request),
  );

  // ---- changelog ----
  api.get(
    '/api/nova/changelog',
    { schema: { response: { 200: adminChangelogResponse } }, config: staff },
    async () => ({
      data: (
        await db
          .selectFrom('changelog_items')
          .select(['id', 'title', 'release', 'released_at', 'content', 'edited_at'])
          .where('deleted_at', 'is', null)
          .orderBy('released_at', 'desc')
          .orderBy('id', 'desc')
          .execute()
      ).map((c) => ({ ...c, edited_at: c.edited_at ?? null })),
    }),
  );
  const saveChangelog =
    (id: number | undefined) =>
    async (request: { body: typeof adminChangelogForm._output } & Parameters<typeof audited>[1]) =>
      audited(ctx, request, async (tx, now) => {
        const stamp = now.toISOString();
        let itemId = id;
        if (itemId === undefined) {
          itemId = await nextId(tx, 'changelog_items');
          await tx
            .insertInto('changelog_items')
            .values({ id: itemId, ...request.body, edited_at: stamp })
            .execute();
        } else {
          const r = await tx
            .updateTable('changelog_items')
            .set({ ...request.body, edited_at: stamp })
            .where('id', '=', itemId)
            .where('deleted_at', 'is', null)
            .executeTakeFirst();
          if (Number(r.numUpdatedRows) === 0) throw notFound('Diesen Changelog-Eintrag gibt es nicht.');
        }
        return {
          result: { data: { id: itemId, ...request.body, edited_at: stamp } },
          entry: {
            action: id === undefined ? 'changelog.create' : 'changelog.update',
            subjectType: 'changelog',
            subjectId: itemId,
            details: { title: request.body.title },
          },
        };
      });
  api.post(
    '/api/nova/changelog',
    { schema: { body: adminChangelogForm, response: { 201: adminChangelogItemResponse } }, config: staff },
    async (request, reply) => reply.status(201).send(await saveChangelog(undefined)(request)),
  );
  api.put(
    '/api/nova/changelog/:id',
    {
      schema: { params: idParam, body: adminChangelogForm, response: { 200: adminChangelogItemResponse } },
      config: staff,
    },
    async (request) => saveChangelog(request.params.id)(request),
  );

  // ---- roadmap ----
  api.get(
    '/api/nova/roadmap',
    { schema: { response: { 200: adminRoadmapResponse } }, config: staff },
    async () => ({
      data: (
        await db
          .selectFrom('roadmap_items')
          .select(['id', 'title', 'content', 'position', 'edited_at'])
          .where('deleted_at', 'is', null)
          .orderBy('position')
          .orderBy('id')
          .execute()
      ).map((r) => ({ ...r, edited_at: r.edited_at ?? null })),
    }),
  );
  const saveRoadmap =
    (id: number | undefined) =>
    async (request: { body: typeof adminRoadmapForm._output } & Parameters<typeof audited>[1]) =>
      audited(ctx, request, async (tx, now) => {
        const stamp = now.toISOString();
        let itemId = id;
        if (itemId === undefined) {
          itemId = await nextId(tx, 'roadmap_items');
          await tx
            .insertInto('roadmap_items')
            .values({ id: itemId, ...request.body, edited_at: stamp })
            .execute();
        } else {
          const r = await tx
            .updateTable('roadmap_items')
            .set({ ...request.body, edited_at: stamp })
            .where('id', '=', itemId)
            .where('deleted_at', 'is', null)
            .executeTakeFirst();
          if (Number(r.numUpdatedRows) === 0) throw notFound('Diesen Roadmap-Eintrag gibt es nicht.');
        }
        return {
          result: { data: { id: itemId, ...request.body, edited_at: stamp } },
          entry: {
            action: id === undefined ? 'roadmap.create' : 'roadmap.update',
            subjectType: 'roadmap',
            subjectId: itemId,
            details: { title: request.body.title },
          },
        };
      });
  api.post(
    '/api/nova/roadmap',
    { schema: { body: adminRoadmapForm, response: { 201: adminRoadmapItemResponse } }, config: staff },
    async (request, reply) => reply.status(201).send(await saveRoadmap(undefined)(request)),
  );
  api.put(
    '/api/nova/roadmap/:id',
    {
      schema: { params: idParam, body: adminRoadmapForm, response: { 200: adminRoadmapItemResponse } },
      config: staff,
    },
    async (request) => saveRoadmap(request.params.id)(request),
  );

  // ---- deleting entries: the row stays with deleted_at (a re-seed leaves edited rows alone) ----
  const deletable = [
    {
      path: '/api/nova/advices/:id',
      table: 'advices',
      subject: 'advice',
      missing: 'Diesen Logbuch-Eintrag gibt es nicht.',
    },
    {
      path: '/api/nova/changelog/:id',
      table: 'changelog_items',
      subject: 'changelog',
      missing: 'Diesen Changelog-Eintrag gibt es nicht.',
    },
    {
      path: '/api/nova/roadmap/:id',
      table: 'roadmap_items',
      subject: 'roadmap',
      missing: 'Diesen Roadmap-Eintrag gibt es nicht.',
    },
  ] as const;
  for (const { path, table, subject, missing } of deletable) {
    api.delete(path, { schema: { params: idParam }, config: staff }, async (request, reply) => {
      const { id } = request.params;
      await audited(ctx, request, async (tx, now) => {
        const stamp = now.toISOString();
        const r = await tx
          .updateTable(table as 'advices')
          .set({ deleted_at: stamp, edited_at: stamp })
          .where('id', '=', id)
          .where('deleted_at', 'is', null)
          .executeTakeFirst();
        if (Number(r.numUpdatedRows) === 0) throw notFound(missing);
        return {
          result: undefined,
          entry: { action: `${subject}.delete`, subjectType: subject, subjectId: id },
          content: true,
        };
      });
      return reply.status(204).send();
    });
  }
}

/** The next id of an editorial table (its ids come from the content files, not a sequence). */
async function nextId(tx: Db, table: 'advices' | 'changelog_items' | 'roadmap_items') {
  const { max } = await tx
    .selectFrom(table)
    .select((eb) => eb.fn.max('id').as('max'))
    .executeTakeFirstOrThrow();
  // Far above the ids of the content files, so a later file entry never meets an edited one.
  return Math.max(Number(max ?? 0) + 1, 10_000);
}

/**
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
