// Hooks for the browser journeys, and only for them: they exist only when the server starts with
// KOMPASS_TEST_CLOCK=1 (never in production; the README says so). `POST /api/test/clock {now}`
// sets the server's clock, `POST /api/test/jobs:run` runs the periodic jobs once, now.
// `GET /sw.js` with the cookie `kompass-test-sw-version=X` answers the built worker plus a comment
// naming X: a new version of the worker at the same URL, as after a deploy, for one browser
// context only (the update journeys; the other journeys running beside them keep theirs).
// Entscheidung SRV-3: one URL for the worker, its new version told apart by the cookie.
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { messageResponse } from '../shared/api.ts';
import type { Clock } from './clock.ts';

const TEST_SW_VERSION_COOKIE = 'kompass-test-sw-version';

/** A clock that runs like the real one from a moved starting point. */
export function movableClock(): Clock & { set(date: Date): void } {
  let offset = 0;
  return {
    now: () => new Date(Date.now() + offset),
    set: (date: Date) => void (offset = date.getTime() - Date.now()),
  };
}

export function testHookRoutes(
  app: FastifyInstance,
  clock: ReturnType<typeof movableClock>,
  jobs: Array<{ runOnce(): Promise<boolean> }>,
  clientDir: string | undefined,
) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  if (clientDir) {
    app.get('/sw.js', async (request, reply) => {
      const version = request.cookies[TEST_SW_VERSION_COOKIE];
      if (!version) return reply.header('Cache-Control', 'no-cache').sendFile('sw.js');
      const worker = await readFile(join(clientDir, 'sw.js'), 'utf8');
      return reply
        .header('Cache-Control', 'no-cache')
        .type('text/javascript; charset=utf-8')
        .send(`${worker}\n// test version: ${encodeURIComponent(version)}\n`);
    });
  }
  api.post(
    '/api/test/clock',
    {
      schema: { body: z.object({ now: z.iso.datetime() }), response: { 200: messageResponse } },
      config: { access: 'public' },
    },
    async (request) => {
      clock.set(new Date(request.body.now));
      return { message: clock.now().toISOString() };
    },
  );
  api.post(
    '/api/test/jobs::run',
    { schema: { response: { 200: messageResponse } }, config: { access: 'public' } },
    async () => {
      for (const job of jobs) await job.runOnce();
      return { message: 'ok' };
    },
  );
}
