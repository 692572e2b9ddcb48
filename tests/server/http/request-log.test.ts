import { Writable } from 'node:stream';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { errorHandler } from '../../../src/server/http/errors.ts';
import { lazyChildLogger, RequestLogController } from '../../../src/server/http/request-log.ts';

describe('request log', () => {
  it('writes one line for a 5xx answer and nothing for other answers', async () => {
    const lines: Record<string, unknown>[] = [];
    const stream = new Writable({
      write(chunk: Buffer, _encoding, done) {
        lines.push(JSON.parse(chunk.toString()) as Record<string, unknown>);
        done();
      },
    });
    const app = Fastify({
      logger: { level: 'info', stream },
      logController: new RequestLogController(),
      childLoggerFactory: lazyChildLogger,
    });
    app.setErrorHandler(errorHandler(undefined));
    app.get('/ok', async () => ({ ok: true }));
    app.get('/down', async (_request, reply) => reply.status(503).send({ message: 'Wartung' }));
    app.get('/kaputt', async () => {
      throw new Error('Datenbank weg');
    });
    await app.inject({ url: '/ok' });
    await app.inject({ url: '/gibt-es-nicht' });
    expect(lines).toEqual([]);
    await app.inject({ url: '/down?x=1' });
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({
      level: 50,
      method: 'GET',
      url: '/down?x=1',
      statusCode: 503,
      msg: 'request failed',
    });
    // The request's logger is made only now, and still names the request.
    expect(lines[0]!.reqId).toEqual(expect.any(String));
    lines.length = 0;
    const broken = await app.inject({ url: '/kaputt' });
    expect(broken.json()).toEqual({ message: 'Es ist zu einem unerwarteten Fehler gekommen.', errors: {} });
    expect(lines.map((l) => [l.level, l.msg])).toEqual([
      [50, 'Datenbank weg'],
      [50, 'request failed'],
    ]);
    expect(lines[0]!.reqId).toBe(lines[1]!.reqId);
    await app.close();
  });
});
