// Two server processes on one database (the same SQLite file or DATABASE_URL): a logout in one
// ends the session in the other. On SQLite the other process may answer a read from its session
// cache for up to SESSION_CACHE_MS (auth/session.ts), never longer; PostgreSQL reads every time.
import { setTimeout as sleep } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import { buildApp } from '../../../src/server/app.ts';
import { SESSION_CACHE_MS } from '../../../src/server/auth/session.ts';
import { verifiedUser } from '../helpers/accounts.ts';
import { Agent } from '../helpers/agent.ts';
import { createTestApp } from '../helpers/test-app.ts';

describe('a session in two processes', () => {
  it('ends in the other process too after a logout', async () => {
    const t = await createTestApp();
    const second = await buildApp(t.config, { logger: false, clock: t.clock });
    try {
      const { agent } = await verifiedUser(t);
      const elsewhere = new Agent(second.app);
      for (const [name, value] of agent.cookies) elsewhere.cookies.set(name, value);
      expect((await elsewhere.get('/api/account')).statusCode).toBe(200);

      expect((await agent.delete('/api/account/session')).statusCode).toBe(204);
      expect((await agent.get('/api/account')).statusCode).toBe(401);
      const deadline = Date.now() + 5 * SESSION_CACHE_MS;
      let status = (await elsewhere.get('/api/account')).statusCode;
      while (status !== 401 && Date.now() < deadline) {
        await sleep(50);
        status = (await elsewhere.get('/api/account')).statusCode;
      }
      expect(status).toBe(401);
    } finally {
      await second.app.close();
    }
  });
});
