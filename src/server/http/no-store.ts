// API answers carry personal data: no cache may keep them unless a route says otherwise by
// setting its own Cache-Control.
import type { FastifyInstance } from 'fastify';

export function registerNoStore(app: FastifyInstance) {
  app.addHook('onSend', async (request, reply, payload) => {
    const api = request.routeOptions.url?.startsWith('/api/') ?? request.url.startsWith('/api/');
    if ((api || request.url.startsWith('/sanctum/')) && !reply.hasHeader('cache-control')) {
      reply.header('Cache-Control', 'no-store');
    }
    return payload;
  });
}
