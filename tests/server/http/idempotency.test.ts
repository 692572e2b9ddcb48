// Idempotent writes: the same Idempotency-Key acts once, on SQLite and PostgreSQL alike.
import cookie from '@fastify/cookie';
import Fastify from 'fastify';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { registerIdempotency } from '../../../src/server/pipeline/idempotency.ts';
import { KEY_LIFETIME_MS } from '../../../src/server/pipeline/idempotency-key.ts';
import { deleteExpiredKeys } from '../../../src/server/pipeline/idempotency-statements.ts';
import { registerRouteOf } from '../../../src/server/http/route-of.ts';
import { verifiedUser } from '../helpers/accounts.ts';
import type { Agent } from '../helpers/agent.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';
import { addCategories, form } from '../podcasts/podcast-helpers.ts';
import { commentTexts, ownerWithExperiment } from '../experiments/experiment-helpers.ts';

let t: TestApp;
let anna: Agent;
let ben: Agent;
let n = 0;
const newKey = () => `test-key-${Date.now()}-${++n}`;

beforeAll(async () => {
  t = await createTestApp();
  await addCategories(t);
  anna = (await verifiedUser(t)).agent;
  ben = (await verifiedUser(t)).agent;
});

const create = (agent: Agent, key: string, title = 'Zeitreise') =>
  agent.post('/api/podcasts', form({ title }), { 'idempotency-key': key });
const titled = async (title: string) =>
  (await t.db.selectFrom('podcasts').select('id').where('title', '=', title).execute()).length;

describe('Idempotency-Key', { timeout: 30_000 }, () => {
  it('replays the first answer for the same key and body and acts once', async () => {
    const key = newKey();
    const first = await create(anna, key, 'Einmal');
    expect(first.statusCode).toBe(201);
    const again = await create(anna, key, 'Einmal');
    expect(again.statusCode).toBe(201);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.json()).toEqual(first.json());
    expect(await titled('Einmal')).toBe(1);
  });

  it('accepts the key as a structured-header string', async () => {
    const key = newKey();
    await create(anna, key, 'Zitiert');
    const again = await create(anna, `"${key}"`, 'Zitiert');
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(await titled('Zitiert')).toBe(1);
  });

  it('acts once for ten concurrent duplicates; the others wait (409) or get the replay', async () => {
    const key = newKey();
    const answers = await Promise.all(Array.from({ length: 10 }, () => create(anna, key, 'Gleichzeitig')));
    expect(await titled('Gleichzeitig')).toBe(1);
    const created = answers.filter((r) => r.statusCode === 201);
    expect(created.length).toBeGreaterThanOrEqual(1);
    const ids = new Set(created.map((r) => (r.json() as { data: { id: number } }).data.id));
    expect(ids.size).toBe(1);
    for (const r of answers.filter((r) => r.statusCode !== 201)) {
      expect(r.statusCode).toBe(409);
      expect(r.json().message).toBe(
        'Diese Anfrage wird gerade schon bearbeitet. Bitte versuche es gleich noch einmal.',
      );
    }
    // Once the first is done, every retry gets its answer.
    const later = await create(anna, key, 'Gleichzeitig');
    expect(later.statusCode).toBe(201);
    expect(ids.has((later.json() as { data: { id: number } }).data.id)).toBe(true);
  });

  it('refuses the same key with another body or another path (422) and acts not', async () => {
    const key = newKey();
    await create(anna, key, 'Erster Körper');
    const other = await create(anna, key, 'Zweiter Körper');
    expect(other.statusCode).toBe(422);
    expect(other.json().message).toMatch(/bereits für eine andere Anfrage verwendet/);
    expect(await titled('Zweiter Körper')).toBe(0);
    const otherPath = await anna.post('/api/account/context/1', undefined, { 'idempotency-key': key });
    expect(otherPath.statusCode).toBe(422);
  });

  it('keeps the keys of different users apart', async () => {
    const key = newKey();
    expect((await create(anna, key, 'Geteilter Schlüssel')).statusCode).toBe(201);
    const bens = await create(ben, key, 'Geteilter Schlüssel');
    expect(bens.statusCode).toBe(201);
    expect(bens.headers['idempotent-replayed']).toBeUndefined();
    expect(await titled('Geteilter Schlüssel')).toBe(2);
  });

  it('replays refusals too, but not answers that ask to try again', async () => {
    const key = newKey();
    const bad = await anna.post('/api/podcasts', { title: '' }, { 'idempotency-key': key });
    expect(bad.statusCode).toBe(422);
    const again = await anna.post('/api/podcasts', { title: '' }, { 'idempotency-key': key });
    expect(again.statusCode).toBe(422);
    expect(again.headers['idempotent-replayed']).toBe('true');
  });

  it('forgets a key after its lifetime: it acts again, and the clean-up removes it', async () => {
    const key = newKey();
    await create(anna, key, 'Vergessen');
    t.clock.advance(KEY_LIFETIME_MS + 1000);
    const after = await create(anna, key, 'Vergessen');
    expect(after.statusCode).toBe(201);
    expect(after.headers['idempotent-replayed']).toBeUndefined();
    expect(await titled('Vergessen')).toBe(2);
    t.clock.advance(KEY_LIFETIME_MS + 1000);
    await deleteExpiredKeys(t.ctx);
    const left = await t.db.selectFrom('idempotency_keys').select('key').where('key', '=', key).execute();
    expect(left).toEqual([]);
  });

  it('refuses malformed keys with a German 400', async () => {
    for (const key of ['kurz', 'mit leerzeichen drin', 'x'.repeat(256), '"halb', 'ümlaut-schlüssel']) {
      const r = await anna.post('/api/podcasts', form({ title: 'Nie' }), { 'idempotency-key': key });
      expect(r.statusCode, key).toBe(400);
      expect(r.json().message).toMatch(/Idempotency-Key ist ungültig/);
    }
    expect(await titled('Nie')).toBe(0);
  });

  it('leaves reads and requests without a key alone', async () => {
    const a = await create(anna, newKey(), 'Ohne');
    const b = await anna.post('/api/podcasts', form({ title: 'Ohne' }));
    expect([a.statusCode, b.statusCode]).toEqual([201, 201]);
    const read = await anna.request('GET', '/api/account', undefined, { 'idempotency-key': 'kurz' });
    expect(read.statusCode).toBe(200);
  });
});

// On PostgreSQL a podcast route's key is claimed in the statement that reads the session and the
// access row (pipeline/access-hook.ts withClaim); the same guarantees as above, through that path.
describe("Idempotency-Key on a podcast's route", { timeout: 30_000 }, () => {
  async function commenting() {
    const { owner, experiment } = await ownerWithExperiment(t);
    const comment = (agent: Agent, key: string, content: string) =>
      agent.post(`/api/experiments/${experiment.id}/comments`, { content }, { 'idempotency-key': key });
    const comments = () => commentTexts(t, experiment.id);
    return { owner, comment, comments };
  }

  it('acts once for ten concurrent duplicates and replays the answer afterwards', async () => {
    const { owner, comment, comments } = await commenting();
    const key = newKey();
    const answers = await Promise.all(Array.from({ length: 10 }, () => comment(owner.agent, key, 'Einmal')));
    expect(await comments()).toEqual(['Einmal']);
    const created = answers.filter((r) => r.statusCode === 201);
    expect(new Set(created.map((r) => r.body)).size).toBe(1);
    for (const r of answers.filter((r) => r.statusCode !== 201)) expect(r.statusCode).toBe(409);
    const later = await comment(owner.agent, key, 'Einmal');
    expect(later.statusCode).toBe(201);
    expect(later.headers['idempotent-replayed']).toBe('true');
    expect(later.body).toBe(created[0]?.body ?? later.body);
    expect(await comments()).toEqual(['Einmal']);
  });

  it('refuses the same key with another body (422); a stranger with that key gets their own 404', async () => {
    const { owner, comment, comments } = await commenting();
    const key = newKey();
    expect((await comment(owner.agent, key, 'Erster')).statusCode).toBe(201);
    const other = await comment(owner.agent, key, 'Zweiter');
    expect(other.statusCode).toBe(422);
    expect(other.json().message).toMatch(/bereits für eine andere Anfrage verwendet/);
    const stranger = await comment((await verifiedUser(t)).agent, key, 'Erster');
    expect(stranger.statusCode).toBe(404);
    expect(stranger.headers['idempotent-replayed']).toBeUndefined();
    expect(await comments()).toEqual(['Erster']);
  });

  it('keeps no claim of a write refused for want of a CSRF token (419): the same key acts once it comes', async () => {
    const { owner, comment, comments } = await commenting();
    const key = newKey();
    const token = owner.agent.cookies.get('XSRF-TOKEN')!;
    owner.agent.cookies.set('XSRF-TOKEN', 'nicht-gueltig');
    expect((await comment(owner.agent, key, 'Mit Token')).statusCode).toBe(419);
    owner.agent.cookies.set('XSRF-TOKEN', token);
    const sent = await comment(owner.agent, key, 'Mit Token');
    expect(sent.statusCode).toBe(201);
    expect(sent.headers['idempotent-replayed']).toBeUndefined();
    expect(await comments()).toEqual(['Mit Token']);
  });
});

describe('Idempotency-Key while the first request still runs', () => {
  // A write whose handler waits for the test: its duplicates arrive while it acts (through HTTP,
  // requests of the real app mostly finish before the next one is read, so they never overlap).
  it('answers its duplicates 409, acts once and replays its answer afterwards', async () => {
    const app = Fastify();
    registerRouteOf(app);
    await app.register(cookie);
    const cleanup = registerIdempotency(app, t.ctx);
    let acted = 0;
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    app.post('/api/langsam', async () => {
      acted++;
      await held;
      return { data: { acted } };
    });
    const send = () =>
      app.inject({
        method: 'POST',
        url: '/api/langsam',
        headers: { 'idempotency-key': 'langsam-1', cookie: 'XSRF-TOKEN=gast' },
        payload: { a: 1 },
      });
    try {
      const first = send();
      await vi.waitFor(() => expect(acted).toBe(1));
      const duplicate = await send();
      expect(duplicate.statusCode).toBe(409);
      release();
      expect((await first).json()).toEqual({ data: { acted: 1 } });
      const later = await send();
      expect(later.headers['idempotent-replayed']).toBe('true');
      expect(later.json()).toEqual({ data: { acted: 1 } });
      expect(acted).toBe(1);
    } finally {
      await cleanup.stop();
      await app.close();
    }
  });
});
