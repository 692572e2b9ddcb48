// The routes every editorial entry of /nova has: list, create (201), edit, delete (204).
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { idParam } from '../../../shared/api.ts';
import type { AppContext } from '../../context.ts';
import { deleteEntry, saveEntry, type EntryKind } from './entry-queries.ts';

const staff = { staff: 'content' as const };

export function entryRoutes<Form extends z.ZodObject>(
  app: FastifyInstance,
  ctx: AppContext,
  entry: {
    path: string;
    kind: EntryKind;
    form: Form;
    list: { response: z.ZodType; rows: () => Promise<unknown[]> };
    item: z.ZodType;
  },
) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const { path, kind, form, list, item } = entry;
  api.get(path, { schema: { response: { 200: list.response } }, config: staff }, async () => ({
    data: await list.rows(),
  }));
  api.post(path, { schema: { body: form, response: { 201: item } }, config: staff }, async (request, reply) =>
    reply
      .status(201)
      .send(await saveEntry(ctx, request as typeof request & { body: z.output<Form> }, kind, undefined)),
  );
  api.put(
    `${path}/:id`,
    { schema: { params: idParam, body: form, response: { 200: item } }, config: staff },
    async (request) =>
      saveEntry(ctx, request as typeof request & { body: z.output<Form> }, kind, request.params.id),
  );
  api.delete(`${path}/:id`, { schema: { params: idParam }, config: staff }, async (request, reply) => {
    await deleteEntry(ctx, request, kind, request.params.id);
    return reply.status(204).send();
  });
}
