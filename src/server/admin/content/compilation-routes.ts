// /nova sets (compilations): the list and saving one with its methods in order.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  adminCompilationForm,
  adminCompilationResponse,
  adminCompilationsResponse,
} from '../../../shared/admin.ts';
import { idParam } from '../../../shared/api.ts';
import type { AppContext } from '../../context.ts';
import { invalid, notFound } from '../../http/errors.ts';
import { audited } from '../audit.ts';

const staff = { staff: 'content' as const };

export function adminCompilationRoutes(app: FastifyInstance, ctx: AppContext) {
  const { db } = ctx;
  const api = app.withTypeProvider<ZodTypeProvider>();

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
    async () => ({ data: await compilations() }),
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
}
