// The guard's registry: every kind reaches its podcast in one indexed query,
// a stranger and a missing thing get the same 404, and no route with an id escapes a declaration.
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { guardLookup, registerPodcastGuard } from '../../../src/server/access/guard.ts';
import { hasParam } from '../../../src/server/access/deny-by-default.ts';
import { accessRowQuery } from '../../../src/server/access/access-row.ts';
import {
  kindOf,
  podcastKinds,
  registerPodcastKinds,
  type PodcastVia,
} from '../../../src/server/access/kinds.ts';
import type { SessionUser } from '../../../src/server/access/session.ts';
import { verifiedUser } from '../helpers/accounts.ts';
import { createTestApp } from '../helpers/test-app.ts';
import { addPractice, ownerWithPodcast, startExperiment } from '../experiments/experiment-helpers.ts';
import { berlinDate } from '../../../src/shared/calendar.ts';

const t = await createTestApp({ seed: false });
const sessionUser = (id: number) =>
  t.db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirstOrThrow() as Promise<SessionUser>;

describe('registration', () => {
  it('refuses a route under /api/ with an id that declares neither a podcast rule nor an access', () => {
    const app = Fastify();
    registerPodcastGuard(app);
    expect(() => app.get('/api/experiments/:id/x', async () => ({}))).toThrow(
      /\/api\/experiments\/:id\/x has a parameter but declares neither/,
    );
    expect(() =>
      app.get(
        '/api/podcasts/:id/y',
        { config: { podcast: { via: 'experiment', action: 'podcast.read' } } },
        () => ({}),
      ),
    ).toThrow('/api/podcasts/:id/y is podcast-scoped but declares no podcast rule');
    // Declared either way, or without a parameter: registered.
    app.get(
      '/api/experiments/:id/z',
      { config: { podcast: { via: 'experiment', action: 'experiments.read' } } },
      async () => ({}),
    );
    app.get('/api/things/:id', { config: { access: 'own-account' } }, async () => ({}));
    app.get('/api/account/steady::authorize', async () => ({}));
  });

  it('refuses a rule naming a kind nobody registered, and a second kind under a known name', () => {
    const app = Fastify();
    registerPodcastGuard(app);
    const rule = { podcast: { via: 'episode' as PodcastVia, action: 'podcast.read' as const } };
    expect(() => app.get('/api/episodes/:id', { config: rule }, async () => ({}))).toThrow(
      "no podcast kind 'episode' is registered",
    );
    expect(() => registerPodcastKinds({ experiment: { ...kindOf('experiment') } })).toThrow(
      "the podcast kind 'experiment' is registered twice",
    );
    // The same kind again (every app built in this process registers it): no change.
    registerPodcastKinds({ experiment: kindOf('experiment') });
  });

  it('finds every route of the app with a parameter declared, and the guard in front of each rule', () => {
    const api = t.routes.filter((r) => r.url.startsWith('/api/') && hasParam(r.url));
    expect(api.length).toBeGreaterThan(40);
    const undeclared = api.filter(
      (r) =>
        !r.config?.podcast &&
        !r.config?.staff &&
        !['public', 'user', 'own-account'].includes(r.config?.access ?? ''),
    );
    expect(undeclared.map((r) => `${String(r.method)} ${r.url}`)).toEqual([]);
    for (const route of t.routes.filter((r) => r.config?.podcast)) {
      expect(Object.keys(podcastKinds), route.url).toContain(route.config!.podcast!.via ?? 'podcast');
      expect([route.preValidation].flat().length, route.url).toBeGreaterThan(0);
    }
    // Every child resource with an id in its path goes through the registry.
    const via = (url: string) => t.routes.find((r) => r.url === url)?.config?.podcast?.via;
    expect(via('/api/experiments/:id')).toBe('experiment');
    expect(via('/api/experiments/actions/:id')).toBe('action');
    expect(via('/api/assistances/:id')).toBe('assistance');
    expect(via('/api/invitations/:id(^[^:/]+)::resend')).toBe('invitation');
    expect(via('/api/memberships/:id(^[^:/]+)::delete')).toBe('membership');
  });
});

describe('the registry', { timeout: 30_000 }, () => {
  it('refuses a session past its 30 days on a podcast route, where it is read with the access row', async () => {
    const { owner, podcast } = await ownerWithPodcast(t);
    const url = `/api/podcasts/${podcast.id}`;
    expect((await owner.agent.get(url)).statusCode).toBe(200);
    t.clock.advance(31 * 86_400_000);
    try {
      const expired = await owner.agent.get(url);
      expect(expired.statusCode).toBe(401);
      expect(expired.json()).toMatchObject({ message: 'Du bist nicht angemeldet.' });
    } finally {
      t.clock.set(new Date());
    }
  });

  it('maps each kind to its podcast; a stranger and a missing id get the same 404', async () => {
    const { owner, podcast } = await ownerWithPodcast(t);
    const stranger = await verifiedUser(t);
    const practice = await addPractice(t);
    const experiment = await startExperiment(owner.agent, podcast.id, {
      practice_id: practice.id,
      starts_at: berlinDate(t.clock.now()), // the app's today: in Berlin, not UTC
      ends_at: '2099-01-01',
    });
    const at = t.clock.now().toISOString();
    const comment = await t.db
      .insertInto('comments')
      .values({ experiment_id: experiment.id, user_id: owner.id, content: 'Hallo', created_at: at })
      .returning('id')
      .executeTakeFirstOrThrow();
    const invitation = await t.db
      .insertInto('invitations')
      .values({
        podcast_id: podcast.id,
        email: 'gast@example.org',
        role: 'editor',
        notes: null,
        invited_by: owner.id,
        last_sent_at: at,
        expires_on: '2099-01-01',
        created_at: at,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const tip = await t.db
      .insertInto('assistances')
      .values({
        podcast_id: podcast.id,
        rule: 'test',
        cause: 'test',
        subject: 'S',
        message: 'M',
        created_at: at,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const membership = await t.db
      .selectFrom('memberships')
      .select('id')
      .where('podcast_id', '=', podcast.id)
      .executeTakeFirstOrThrow();
    const things: Record<PodcastVia, number> = {
      podcast: podcast.id,
      context: podcast.id,
      experiment: experiment.id,
      action: experiment.actions[0]!.id,
      comment: comment.id,
      membership: membership.id,
      invitation: invitation.id,
      assistance: tip.id,
      selected: 0, // named by no id: the caller's one podcast
    };
    expect(Object.keys(things).sort()).toEqual(Object.keys(podcastKinds).sort());
    const mine = await sessionUser(owner.id);
    const theirs = await sessionUser(stranger.id);
    const now = t.clock.now();
    const rule = { action: 'podcast.read' } as const;
    for (const [via, thingId] of Object.entries(things) as [PodcastVia, number][]) {
      const access = await guardLookup(t.db, now, mine, via, thingId, rule);
      expect(access, via).toMatchObject({ podcast: { id: podcast.id }, role: 'owner' });
      expect(access.experimentId, via).toBe(
        ['experiment', 'action', 'comment'].includes(via) ? experiment.id : null,
      );
      const missing = { statusCode: 404, message: kindOf(via).missing };
      await expect(guardLookup(t.db, now, theirs, via, thingId, rule), via).rejects.toMatchObject(missing);
      if (via === 'selected') continue;
      await expect(guardLookup(t.db, now, mine, via, 999_999, rule), via).rejects.toMatchObject(missing);
    }
    // An inactive member is a stranger too; a deleted experiment's things are gone.
    await t.db.updateTable('memberships').set({ active: 0 }).where('id', '=', membership.id).execute();
    await expect(guardLookup(t.db, now, mine, 'podcast', podcast.id, rule)).rejects.toMatchObject({
      statusCode: 404,
    });
    await t.db.updateTable('memberships').set({ active: 1 }).where('id', '=', membership.id).execute();
    await t.db.updateTable('experiments').set({ deleted_at: at }).where('id', '=', experiment.id).execute();
    for (const via of ['experiment', 'action', 'comment'] as const) {
      await expect(guardLookup(t.db, now, mine, via, things[via], rule), via).rejects.toMatchObject({
        statusCode: 404,
        message: kindOf(via).missing,
      });
    }
  });

  it.runIf(t.db.engine === 'sqlite')('looks every kind up by index only (one query, no scan)', async () => {
    for (const via of Object.keys(podcastKinds) as PodcastVia[]) {
      const query = accessRowQuery(t.db, new Date(), 1, via, 1).compile();
      const rows = await t.db.executeQuery<{ detail: string }>({
        ...query,
        sql: `EXPLAIN QUERY PLAN ${query.sql}`,
      });
      const steps = rows.rows.map((r) => r.detail);
      expect(steps.length, via).toBeGreaterThan(4);
      // The selected podcast's id is a subquery that sorts the caller's own few podcasts (by the
      // stored choice, then title).
      const sorts =
        via === 'selected' ? ['SCALAR SUBQUERY 1', 'USE TEMP B-TREE FOR ORDER BY', 'REUSE SUBQUERY 1'] : [];
      expect(
        steps.filter((s) => !s.startsWith('SEARCH')),
        via,
      ).toEqual(sorts);
    }
  });
});
