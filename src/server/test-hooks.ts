// Hooks for the browser journeys, and only for them: they exist only when the server starts with
// KOMPASS_TEST_CLOCK=1 (never in production; the README says so). `POST /api/test/clock {now}`
// sets the server's clock, `POST /api/test/jobs:run` runs the periodic jobs once, now.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { messageResponse } from '../shared/api.ts';
import type { Clock } from './clock.ts';

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
) {
  const api = app.withTypeProvider<ZodTypeProvider>();
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
