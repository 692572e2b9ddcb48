// Two server processes on one database (the same SQLite file or DATABASE_URL): a logout in one
// ends the session in the other at once. Every request reads its session (access/session.ts): no
// copy is kept in memory, on either database.
import { describe, expect, it } from 'vitest';
import { buildApp } from '../../../src/server/app.ts';
import { verifiedUser } from '../helpers/accounts.ts';
import { Agent } from '../helpers/agent.ts';
import { createTestApp } from '../helpers/test-app.ts';
import { addCategories, addMember, createPodcast } from '../podcasts/podcast-helpers.ts';

describe('a session in two processes', () => {
  it('ends in the other process at once after a logout', async () => {
    const t = await createTestApp();
    const second = await buildApp(t.config, { logger: false, clock: t.clock });
    try {
      const { agent } = await verifiedUser(t);
      const elsewhere = new Agent(second.app);
      for (const [name, value] of agent.cookies) elsewhere.cookies.set(name, value);
      expect((await elsewhere.get('/api/account')).statusCode).toBe(200);
      expect((await elsewhere.get('/api/account')).statusCode).toBe(200);

      expect((await agent.delete('/api/account/session')).statusCode).toBe(204);
      expect((await agent.get('/api/account')).statusCode).toBe(401);
      expect((await elsewhere.get('/api/account')).statusCode).toBe(401);
    } finally {
      await second.app.close();
    }
  });

  it('answers a podcast request in the other process by the role and session of that moment', async () => {
    const t = await createTestApp();
    await addCategories(t);
    const second = await buildApp(t.config, { logger: false, clock: t.clock });
    try {
      const owner = await verifiedUser(t);
      const member = await verifiedUser(t);
      const podcast = await createPodcast(owner.agent);
      await addMember(t, podcast.id, member.id, 'editor');
      const elsewhere = new Agent(second.app);
      for (const [name, value] of member.agent.cookies) elsewhere.cookies.set(name, value);
      const objective = () => elsewhere.put(`/api/podcasts/${podcast.id}/objective`, {});
      expect((await elsewhere.get(`/api/podcasts/${podcast.id}`)).statusCode).toBe(200);
      // An editor's goals: past the guard (the empty form is the validation's to answer).
      expect((await objective()).statusCode).toBe(422);

      // The role changed in this process (as the admin CLI would): the other one refuses at once.
      await t.db
        .updateTable('memberships')
        .set({ role: 'observer' })
        .where('user_id', '=', member.id)
        .execute();
      expect((await objective()).statusCode).toBe(403);

      expect((await member.agent.delete('/api/account/session')).statusCode).toBe(204);
      expect((await elsewhere.get(`/api/podcasts/${podcast.id}`)).statusCode).toBe(401);
    } finally {
      await second.app.close();
    }
  });
});
