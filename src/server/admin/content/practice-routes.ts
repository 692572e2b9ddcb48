// /nova methods: the list, one method with every part, and saving it (its steps by position).
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { adminPracticeForm, adminPracticeResponse, adminPracticesResponse } from '../../../shared/admin.ts';
import { idParam } from '../../../shared/api.ts';
import { metric } from '../../../shared/vocabulary.ts';
import type { AppContext } from '../../context.ts';
import { invalid, notFound } from '../../http/errors.ts';
import { audited } from '../audit.ts';
import { loadPractice, missingPractice, saveActions } from './practice-queries.ts';

const staff = { staff: 'content' as const };

export function adminPracticeRoutes(app: FastifyInstance, ctx: AppContext) {
  const { db } = ctx;
  const api = app.withTypeProvider<ZodTypeProvider>();

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
}
