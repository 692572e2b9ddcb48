// GET and POST /api/account/context: the selected podcast, its fallbacks, and the kept access row.
import { describe, expect, it } from 'vitest';
import { json } from '../helpers/agent.ts';
import { PASSWORD, verifiedUser } from '../helpers/accounts.ts';
import { selectedVersions } from '../../../src/server/access/change-counts.ts';
import { appWithCategories, addMember, createPodcast, type One } from './podcast-helpers.ts';

const t = await appWithCategories();

describe('GET and POST /api/account/context', () => {
  it('falls back to the first selectable podcast, then keeps the one the user selects', async () => {
    const { agent, email } = await verifiedUser(t);
    expect(json<{ data: null }>(await agent.get('/api/account/context'))).toEqual({ data: null });
    const b = await createPodcast(agent, { title: 'Beta' });
    const a = await createPodcast(agent, { title: 'Alpha' });
    expect(json<One>(await agent.get('/api/account/context')).data.id).toBe(a.id);
    const selected = await agent.post(`/api/account/context/${b.id}`);
    expect(selected.statusCode).toBe(200);
    expect(json<One>(selected).data.title).toBe('Beta');
    expect(json<One>(await agent.get('/api/account/context')).data.id).toBe(b.id);
    // The choice lives on the server: a second device of the same user sees it.
    const other = t.agent();
    await other.csrf();
    expect((await other.post('/api/account/session', { email, password: PASSWORD })).statusCode).toBe(200);
    expect(json<One>(await other.get('/api/account/context')).data.id).toBe(b.id);
  });

  it('moves to a podcast that sorts first once the user joins it, though nothing of the shown one changed', async () => {
    const { agent, id: userId } = await verifiedUser(t);
    const beta = await createPodcast(agent, { title: 'Beta' });
    const context = async () => json<One>(await agent.get('/api/account/context')).data.id;
    // Asked twice: the second answer is the kept one (and its access row too).
    expect([await context(), await context()]).toEqual([beta.id, beta.id]);
    const owner = await verifiedUser(t);
    const alpha = await createPodcast(owner.agent, { title: 'Alpha' });
    await addMember(t, alpha.id, userId, 'editor');
    expect(await context()).toBe(alpha.id);
  });

  it('keeps the selected podcast’s access row only while it is still the one selected (PostgreSQL’s check)', async () => {
    const { agent, id: userId } = await verifiedUser(t);
    const beta = await createPodcast(agent, { title: 'Beta' });
    const { id: sessionId } = await t.db
      .selectFrom('sessions')
      .select('id')
      .where('user_id', '=', userId)
      .executeTakeFirstOrThrow();
    const versions = selectedVersions(t.db);
    expect(await versions.current(sessionId, beta.id)).toEqual(expect.any(String));
    // A row kept of another podcast is never current, whatever that podcast's counts.
    expect(await versions.current(sessionId, beta.id + 1)).toBeUndefined();
    expect(await versions.current('no-such-session', beta.id)).toBeUndefined();
  });

  it('falls back when the selected podcast is no longer the user’s: deactivated there, the next one', async () => {
    const { agent, id: userId } = await verifiedUser(t);
    const mine = await createPodcast(agent, { title: 'Zweiter Podcast' });
    const owner = await verifiedUser(t);
    const team = await createPodcast(owner.agent, { title: 'Erster Podcast' });
    await addMember(t, team.id, userId, 'editor');
    expect((await agent.post(`/api/account/context/${team.id}`)).statusCode).toBe(200);
    expect(json<One>(await agent.get('/api/account/context')).data.id).toBe(team.id);
    await t.db
      .updateTable('memberships')
      .set({ active: 0 })
      .where('podcast_id', '=', team.id)
      .where('user_id', '=', userId)
      .execute();
    const context = json<One>(await agent.get('/api/account/context')).data;
    expect(context).toMatchObject({ id: mine.id, title: 'Zweiter Podcast' });
  });
});
