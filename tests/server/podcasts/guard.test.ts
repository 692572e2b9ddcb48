// The guard's parts: the can() table, the plan check, and deny by default at registration.
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { can, podcastActions } from '../../../src/shared/roles.ts';
import { podcastAccess, registerPodcastGuard } from '../../../src/server/access/guard.ts';
import type { SessionUser } from '../../../src/server/access/session.ts';
import { verifiedUser } from '../helpers/accounts.ts';
import { createTestApp } from '../helpers/test-app.ts';
import { json } from '../helpers/agent.ts';
import { addCategories, addMember, createPodcast } from './podcast-helpers.ts';

describe('can(role, action)', () => {
  const reads = [
    'podcast.read',
    'memberships.read',
    'invitations.read',
    'experiments.read',
    'assistances.read',
    'audience.read',
  ];
  const content = [
    'podcast.complete',
    'podcast.refresh',
    'objective.update',
    'stage.update',
    'strategy.update',
    'milestones.update',
    'metrics.create',
    'settings.update',
    'experiments.create',
    'experiments.update',
    'experiments.delete',
    'experiments.comment',
    'practices.flag',
  ];
  const management = ['podcast.update', 'invitations.create', 'contract.redeem', 'audience.manage'];
  const ownership = ['podcast.delete', 'memberships.manage', 'contract.manage'];

  it('lets each role do exactly its row of the table', () => {
    const rows = {
      observer: reads,
      editor: [...reads, ...content],
      manager: [...reads, ...content, ...management],
      owner: [...reads, ...content, ...management, ...ownership],
    };
    for (const [role, actions] of Object.entries(rows)) {
      for (const action of podcastActions) {
        expect(can(role, action), `${role} ${action}`).toBe(actions.includes(action));
      }
    }
    expect([...reads, ...content, ...management, ...ownership].sort()).toEqual([...podcastActions].sort());
  });

  it('denies unknown roles and actions, also names of Object.prototype', () => {
    for (const role of ['guest', 'coworker', 'admin', '', null, undefined, 'constructor', '__proto__']) {
      expect(can(role, 'podcast.read'), String(role)).toBe(false);
    }
    expect(can('owner', 'podcast.destroy')).toBe(false);
    expect(can('owner', 'constructor')).toBe(false);
  });
});

describe('the plan check', () => {
  it('answers 403 on a Pro route once the trial is over, unless someone has lifetime access', async () => {
    const t = await createTestApp();
    await addCategories(t);
    const owner = await verifiedUser(t);
    const podcast = await createPodcast(owner.agent);
    const user = (await t.db
      .selectFrom('users')
      .selectAll()
      .where('id', '=', owner.id)
      .executeTakeFirstOrThrow()) as SessionUser;
    const rule = { action: 'experiments.create', plan: 'pro' } as const;
    const day = (n: number) => new Date(t.clock.now().getTime() + n * 86_400_000);

    await expect(podcastAccess(t.db, day(29), user, podcast.id, rule)).resolves.toMatchObject({
      role: 'owner',
    });
    await expect(podcastAccess(t.db, day(31), user, podcast.id, rule)).rejects.toMatchObject({
      statusCode: 403,
      message: 'Das gibt es nur in Studio Pro. Aktiviere die Kompass-KI für diesen Podcast.',
    });
    // Basic routes stay open after the trial.
    await expect(
      podcastAccess(t.db, day(31), user, podcast.id, { action: 'podcast.read' }),
    ).resolves.toBeTruthy();
    await t.db.updateTable('users').set({ granted: 1 }).where('id', '=', owner.id).execute();
    await expect(podcastAccess(t.db, day(400), user, podcast.id, rule)).resolves.toMatchObject({
      plan: { active: true, only_trial: false },
    });
  });
});

describe('the guard reads every request (podcast-kinds.ts)', () => {
  it('answers a role, a membership and a plan changed beside the app at once', async () => {
    const t = await createTestApp();
    await addCategories(t);
    const owner = await verifiedUser(t);
    const member = await verifiedUser(t);
    const podcast = await createPodcast(owner.agent);
    await addMember(t, podcast.id, member.id, 'editor');
    const read = () => member.agent.get(`/api/podcasts/${podcast.id}`);
    const estimations = () => owner.agent.get(`/api/podcasts/${podcast.id}/estimations`);
    const asEditor = json<{ data: { role: unknown } }>(await read());
    expect((await read()).statusCode).toBe(200);
    expect((await estimations()).statusCode).toBe(200);

    await t.db
      .updateTable('memberships')
      .set({ role: 'observer' })
      .where('user_id', '=', member.id)
      .execute();
    expect(json<{ data: { role: unknown } }>(await read()).data.role).not.toEqual(asEditor.data.role);

    await t.db.updateTable('memberships').set({ active: 0 }).where('user_id', '=', member.id).execute();
    expect((await read()).statusCode).toBe(404);

    const old = new Date(t.clock.now().getTime() - 60 * 86_400_000).toISOString();
    await t.db.updateTable('podcasts').set({ created_at: old }).where('id', '=', podcast.id).execute();
    expect((await estimations()).statusCode).toBe(403);
  });
});

describe('deny by default', () => {
  it('refuses to register a podcast route that declares no rule', async () => {
    const app = Fastify();
    registerPodcastGuard(app);
    expect(() => app.get('/api/podcasts/:id/secrets', async () => ({ data: 'offen' }))).toThrow(
      '/api/podcasts/:id/secrets is podcast-scoped but declares no podcast rule',
    );
    app.get('/api/podcasts/:id/notes', { config: { podcast: { action: 'podcast.read' } } }, async () => ({}));
    await app.ready();
    expect(app.hasRoute({ method: 'GET', url: '/api/podcasts/:id/notes' })).toBe(true);
    expect(app.hasRoute({ method: 'GET', url: '/api/podcasts/:id/secrets' })).toBe(false);
  });
});
