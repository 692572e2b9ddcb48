import { describe, expect, it } from 'vitest';
import { createTestApp } from '../helpers/test-app.ts';
import { json } from '../helpers/agent.ts';
import { register, verifiedUser } from '../helpers/accounts.ts';
import { loadContent } from '../../../src/server/db/seed/load-content.ts';
import { seed } from '../../../src/server/db/seed/seed.ts';

const t = await createTestApp({ seed: true });
const { agent } = await verifiedUser(t);
const content = loadContent();
const first = content.compilations.find((c) => c.id === 1)!;

type Compilation = {
  id: number;
  title: string;
  num_practices: number;
  practices: { id: number; title: string }[];
};

describe('GET /api/compilations/{id}', () => {
  it('serves the set with its methods in order, with an ETag and no-cache', async () => {
    const response = await agent.get('/api/compilations/1');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(response.headers['cache-control']).toBe('private, no-cache');
    expect(response.headers.etag).toMatch(/^W\/"[0-9a-f]{20}-\d{4}-\d{2}-\d{2}"$/);
    const { data } = json<{ data: Compilation }>(response);
    expect(data).toMatchObject({ id: 1, title: first.title, num_practices: first.practices.length });
    expect(data.practices.map((p) => p.id)).toEqual(first.practices);
    const practice = content.practices.find((p) => p.id === first.practices[0])!;
    expect(data.practices[0]).toMatchObject({ title: practice.title, claim: practice.claim });
    expect(data.practices[0]).not.toHaveProperty('description');
  });

  it('answers 304 without a body when the client has the current version', async () => {
    const { etag } = (await agent.get('/api/compilations/1')).headers;
    const again = await agent.request('GET', '/api/compilations/1', undefined, {
      'if-none-match': String(etag),
    });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    expect(again.headers.etag).toBe(etag);
    expect(again.headers['cache-control']).toBe('private, no-cache');
    const other = await agent.request('GET', '/api/compilations/1', undefined, {
      'if-none-match': 'W/"alt"',
    });
    expect(other.statusCode).toBe(200);
    expect(json<{ data: Compilation }>(other).data.title).toBe(first.title);
  });

  it('gets a new ETag and the new text when the content is re-seeded', async () => {
    const { etag } = (await agent.get('/api/compilations/1')).headers;
    const changed = {
      ...content,
      compilations: content.compilations.map((c) => (c.id === 1 ? { ...c, title: 'Neuer Titel' } : c)),
    };
    expect(await seed(t.db, changed)).toBe(true);
    const after = await agent.request('GET', '/api/compilations/1', undefined, {
      'if-none-match': String(etag),
    });
    expect(after.statusCode).toBe(200);
    expect(after.headers.etag).not.toBe(etag);
    expect(json<{ data: Compilation }>(after).data.title).toBe('Neuer Titel');
    await seed(t.db, content);
  });

  it('answers 404 in German for an unknown set, even with a current ETag', async () => {
    const { etag } = (await agent.get('/api/compilations/1')).headers;
    const missing = await agent.request('GET', '/api/compilations/4711', undefined, {
      'if-none-match': String(etag),
    });
    expect(missing.statusCode).toBe(404);
    expect(json(missing).message).toBe('Dieses Set gibt es nicht.');
  });

  it('is closed to visitors and unverified users', async () => {
    const anonymous = await t.agent().get('/api/compilations/1');
    expect(anonymous.statusCode).toBe(401);
    expect(json(anonymous).message).toBe('Du bist nicht angemeldet.');
    const unverified = await (await register(t)).agent.get('/api/compilations/1');
    expect(unverified.statusCode).toBe(403);
    expect(json(unverified).message).toBe('Bitte bestätige zuerst deine E-Mail-Adresse.');
  });
});
