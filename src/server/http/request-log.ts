// Fastify's per-request log lines (two per request at `info`) cost a third of the throughput of
// a small API route. This controller writes none for requests that went well or failed on the
// client's side; the error handler logs every unexpected error with its stack, and this adds one
// line per 5xx answer.
import { LogController, type FastifyReply, type FastifyRequest } from 'fastify';

export class RequestLogController extends LogController {
  override incomingRequest() {}

  override routeNotFound() {}

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply) {
    if (!error && reply.statusCode < 500) return;
    request.log.error(
      {
        method: request.method,
        url: request.url,
        statusCode: reply.statusCode,
        responseTime: Math.round(reply.elapsedTime),
        ...(error && { err: error }),
      },
      'request failed',
    );
  }
}
