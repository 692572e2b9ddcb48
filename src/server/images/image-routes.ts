import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { idParam } from '../../shared/api.ts';
import type { AppContext } from '../context.ts';
import { notFound } from '../http/errors.ts';

export function imageRoutes(app: FastifyInstance, { db }: AppContext) {
  app
    .withTypeProvider<ZodTypeProvider>()
    // Binary (the image bytes): no response schema, nothing to serialize.
    .get('/api/images/:id', { schema: { params: idParam } }, async (request, reply) => {
      const image = await db
        .selectFrom('images')
        .select(['bytes', 'mime'])
        .where('id', '=', request.params.id)
        .executeTakeFirst();
      if (!image) throw notFound('Bild nicht gefunden.');
      // An image id is never reused for other bytes, so the answer may be cached for good.
      return reply
        .type(image.mime)
        .header('Cache-Control', 'public, max-age=31536000, immutable')
        .send(image.bytes);
    });
}
