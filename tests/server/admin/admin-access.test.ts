// Who may use /api/nova (§6): every admin route, table-driven over the route table. A guest gets
// 401, a user 403, an editor 403 on what only admins may do (users, plans, codes), and an admin
// (and an editor where editors may) a success with a valid request. A new /api/nova route fails
// this test until it has a sample request below.
import { beforeAll, describe, expect, it } from 'vitest';
import { canStaff, type StaffAbility } from '../../../src/shared/admin.ts';
import { verifiedUser } from '../helpers/accounts.ts';
import type { Agent } from '../helpers/agent.ts';
import { createTestApp } from '../helpers/test-app.ts';
import { addCategories, createPodcast } from '../podcasts/podcast-helpers.ts';

const t = await createTestApp({ seed: true });

type Staff = { agent: Agent; id: number };
let admin: Staff;
let editor: Staff;
let user: Staff;
let target: Staff;
let podcastId: number;

async function withRole(role: string) {
  const u = await verifiedUser(t);
  await t.db.updateTable('users').set({ role }).where('id', '=', u.id).execute();
  return u;
}

beforeAll(async () => {
  admin = await withRole('admin');
  editor = await withRole('editor');
  user = await withRole('user');
  target = await withRole('user');
  await addCategories(t);
  podcastId = (await createPodcast(target.agent)).id;
});

const novaRoutes = () =>
  t.routes
    .filter((r) => r.url.startsWith('/api/nova'))
    .flatMap((r) =>
      [r.method]
        .flat()
        .filter((m) => m !== 'HEAD')
        .map((method) => ({ method, url: r.url, staff: r.config!.staff as StaffAbility })),
    );

/** A valid request for each route: its path and body. */
async function sample(method: string, url: string, as: Agent): Promise<{ path: string; body?: unknown }> {
  const key = `${method} ${url}`;
  switch (key) {
    case 'PUT /api/nova/users/:id/role':
      return { path: `/api/nova/users/${target.id}/role`, body: { role: 'user' } };
    case 'POST /api/nova/users/:id/verification':
    case 'GET /api/nova/users/:id':
      return { path: url.replace(':id', String(target.id)) };
    case 'PUT /api/nova/practices/:id': {
      const { data } = (await as.get('/api/nova/practices/2')).json();
      const { id: _id, edited_at: _e, all_keywords: _k, ...form } = data;
      return { path: '/api/nova/practices/2', body: form };
    }
    case 'PUT /api/nova/compilations/:id': {
      const { data } = (await as.get('/api/nova/compilations')).json();
      const { id, edited_at: _e, ...form } = data[0];
      return { path: `/api/nova/compilations/${id}`, body: form };
    }
    case 'POST /api/nova/advices':
    case 'PUT /api/nova/advices/:id':
      return { path: url.replace(':id', '1'), body: { content: 'Ein neuer Eintrag für das Logbuch.' } };
    case 'POST /api/nova/changelog':
    case 'PUT /api/nova/changelog/:id': {
      const id = (await as.get('/api/nova/changelog')).json().data[0].id;
      return {
        path: url.replace(':id', String(id)),
        body: { title: 'Neu', release: '9.9.9', released_at: '2026-11-23', content: 'Was neu ist.' },
      };
    }
    case 'POST /api/nova/roadmap':
    case 'PUT /api/nova/roadmap/:id': {
      const id = (await as.get('/api/nova/roadmap')).json().data[0].id;
      return {
        path: url.replace(':id', String(id)),
        body: { title: 'Geplant', content: 'Was kommt.', position: 1 },
      };
    }
    case 'PUT /api/nova/podcasts/:id/plan':
      return {
        path: `/api/nova/podcasts/${podcastId}/plan`,
        body: { trial_days: 30, pro_until: null, reason: 'Testzugang für die Presse' },
      };
    // Each delete gets an entry of its own, made by the admin just before.
    case 'DELETE /api/nova/advices/:id':
    case 'DELETE /api/nova/changelog/:id':
    case 'DELETE /api/nova/roadmap/:id': {
      const collection = url.replace('/:id', '');
      const made = await admin.agent.post(collection, (await sample('POST', collection, as)).body as never);
      return { path: `${collection}/${made.json().data.id}` };
    }
    case 'POST /api/nova/codes':
      return { path: url, body: { count: 2, note: 'Test' } };
    default:
      if (method === 'GET' && !url.includes(':')) return { path: url };
      if (method === 'GET') return { path: url.replace(':id', '1') };
      throw new Error(`no sample request for ${key}: add one to admin-access.test.ts`);
  }
}

describe('/api/nova access by role', () => {
  it('has a rule for every route, and only these abilities', () => {
    const routes = novaRoutes();
    expect(routes.length).toBeGreaterThan(20);
    for (const r of routes) expect(['content', 'users', 'codes', 'feedback', 'audit']).toContain(r.staff);
  });

  it('answers 401 to guests and 403 to users on every route', async () => {
    const guest = t.agent();
    await guest.csrf();
    for (const route of novaRoutes()) {
      const { path, body } = await sample(route.method, route.url, admin.agent);
      const asGuest = await guest.request(route.method as 'GET', path, body as never);
      expect(asGuest.statusCode, `${route.method} ${route.url} as guest`).toBe(401);
      const asUser = await user.agent.request(route.method as 'GET', path, body as never);
      expect(asUser.statusCode, `${route.method} ${route.url} as user`).toBe(403);
      expect(asUser.json().message).toBe('Dafür fehlt dir die Berechtigung.');
    }
  });

  it('lets editors do content, feedback and the log, nothing else', async () => {
    for (const route of novaRoutes()) {
      const { path, body } = await sample(route.method, route.url, admin.agent);
      const response = await editor.agent.request(route.method as 'GET', path, body as never);
      const label = `${route.method} ${route.url} as editor`;
      if (canStaff('editor', route.staff))
        expect(response.statusCode, `${label}: ${response.body}`).toBeLessThan(300);
      else expect(response.statusCode, label).toBe(403);
    }
    expect(canStaff('editor', 'users')).toBe(false);
    expect(canStaff('editor', 'codes')).toBe(false);
  });

  it('lets admins do everything', async () => {
    for (const route of novaRoutes()) {
      const { path, body } = await sample(route.method, route.url, admin.agent);
      const response = await admin.agent.request(route.method as 'GET', path, body as never);
      expect(response.statusCode, `${route.method} ${route.url} as admin: ${response.body}`).toBeLessThan(
        300,
      );
    }
  });

  it('keeps an admin from changing their own role', async () => {
    const response = await admin.agent.put(`/api/nova/users/${admin.id}/role`, { role: 'user' });
    expect(response.statusCode).toBe(403);
    expect(response.json().message).toBe('Deine eigene Rolle kannst du nicht ändern.');
  });
});
