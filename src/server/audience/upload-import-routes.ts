// The committed uploads one by one: GET …/audience-imports (every role that reads the audience:
// file, date, days, series) and DELETE …/audience-imports/{importId} (owners and managers: takes
// that upload back alone, upload-imports.ts).
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { id, idParam } from '../../shared/api.ts';
import { audienceImportCollection, importMessages } from '../../shared/audience-imports.ts';
import { requirePodcast } from '../access/guard.ts';
import type { AppContext } from '../context.ts';
import { withTx } from '../db/database.ts';
import { notFound } from '../http/errors.ts';
import { listImports, removeImport } from './upload-imports.ts';

const importParams = z.object({ id, importId: id });

export function uploadImportRoutes(app: FastifyInstance, { db, clock }: AppContext) {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get(
    '/api/podcasts/:id/audience-imports',
    {
      schema: { params: idParam, response: { 200: audienceImportCollection } },
      config: { podcast: { action: 'audience.read' } },
    },
    async (request) => ({ data: await listImports(db, requirePodcast(request).podcast.id) }),
  );

  api.delete(
    '/api/podcasts/:id/audience-imports/:importId',
    { schema: { params: importParams }, config: { podcast: { action: 'audience.manage' } } },
    async (request, reply) => {
      const { podcast } = requirePodcast(request);
      const removed = await withTx(db, (tx) =>
        removeImport(tx, podcast.id, request.params.importId, clock.now()),
      );
      if (!removed) throw notFound(importMessages.notFound);
      return reply.status(204).send();
    },
  );
}
