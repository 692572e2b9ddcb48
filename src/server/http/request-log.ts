// Fastify's per-request log lines (two per request at `info`) cost a third of the throughput of
// a small API route, so they are off (`disableRequestLogging` in app.ts). What is kept: the error
// handler logs every unexpected error with its stack, and this hook logs one line per 5xx answer.
import type { FastifyInstance } from 'fastify';

export function registerRequestLog(app: FastifyInstance) {
  app.addHook('onResponse', (request, reply, done) => {
    if (reply.statusCode >= 500) {
      request.log.error(
        {
          method: request.method,
          url: request.url,
          statusCode: reply.statusCode,
          responseTime: Math.round(reply.elapsedTime),
        },
        'request failed',
      );
    }
    done();
  });
}
