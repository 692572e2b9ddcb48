// Two server processes on one database: a method edited in /nova through one is shown by the
// other within CONTENT_VERSION_TTL_MS (db/seed/seed.ts), although each caches the rendered answer.
import { setTimeout as sleep } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import { buildApp } from '../../../src/server/app.ts';
import { CONTENT_VERSION_TTL_MS } from '../../../src/server/db/seed/seed.ts';
import { verifiedUser } from '../helpers/accounts.ts';
import { Agent } from '../helpers/agent.ts';
import { createTestApp } from '../helpers/test-app.ts';

describe('content in two processes', () => {
  it('shows an edit made through the other process', { timeout: 30_000 }, async () => {
    const t = await createTestApp({ seed: true });
    const second = await buildApp(t.config, { logger: false, clock: t.clock });
    try {
      const editor = await verifiedUser(t);
      await t.db.updateTable('users').set({ role: 'editor' }).where('id', '=', editor.id).execute();
      const { agent } = await verifiedUser(t);
      const elsewhere = new Agent(second.app);
      for (const [name, value] of agent.cookies) elsewhere.cookies.set(name, value);
      const title = async () => (await elsewhere.get('/api/practices/2')).json().data.title;
      const before = await title();

      const { data } = (await editor.agent.get('/api/nova/practices/2')).json();
      const { id: _id, edited_at: _e, all_keywords: _k, ...form } = data;
      const saved = await editor.agent.put('/api/nova/practices/2', { ...form, title: 'Ein neuer Titel' });
      expect(saved.statusCode, saved.body).toBe(200);
      expect((await agent.get('/api/practices/2')).json().data.title).toBe('Ein neuer Titel');

      const deadline = Date.now() + 5 * CONTENT_VERSION_TTL_MS;
      let shown = await title();
      while (shown === before && Date.now() < deadline) {
        await sleep(50);
        shown = await title();
      }
      expect(shown).toBe('Ein neuer Titel');
    } finally {
      await second.app.close();
    }
  });
});
