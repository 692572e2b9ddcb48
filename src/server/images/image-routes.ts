// Profile pictures: only for verified users, and only under their random key, so they cannot be
// fetched by counting. A picture is deleted with its account or when it is replaced.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../context.ts';
import { notFound } from '../http/errors.ts';

const KEY = /^[A-Za-z0-9_-]{22}$/;

export function imageRoutes(app: FastifyInstance, { db }: AppContext) {
  app
    .withTypeProvider<ZodTypeProvider>()
    // Binary (the image bytes): no response schema, nothing to serialize.
    .get(
      '/api/images/:key',
      { schema: { params: z.object({ key: z.string() }) }, config: { access: 'own-account' } },
      async (request, reply) => {
        // Anything that is not a key (a counted id, say) is simply not found.
        const { key } = request.params;
        const image = KEY.test(key)
          ? await db.selectFrom('images').select(['bytes', 'mime']).where('key', '=', key).executeTakeFirst()
          : undefined;
        if (!image) throw notFound('Bild nicht gefunden.');
        // A key never names other bytes, so the browser may keep the answer; shared caches may not.
        return reply
          .type(image.mime)
          .header('Cache-Control', 'private, max-age=31536000, immutable')
          .send(image.bytes);
      },
    );
}
