import { describe, expect, it } from 'vitest';
import { createTestApp } from '../helpers/test-app.ts';
import { json } from '../helpers/agent.ts';
import { register, verifiedUser } from '../helpers/accounts.ts';
import { loadContent } from '../../../src/server/db/seed/load-content.ts';
import { seed } from '../../../src/server/db/seed/seed.ts';
import { addDays } from '../../../src/shared/calendar.ts';

const t = await createTestApp({ seed: true });
const { agent } = await verifiedUser(t);
// Every method of the content has its parts: three of them lose one here, as an editor may
// leave a new method's parts for later.
const seeded = loadContent();
const [lacks2, lacks3, lacks4] = [2, 3, 4];
const content = {
  ...seeded,
  practices: seeded.practices.map((p) =>
    p.id === lacks2
      ? { ...p, context: undefined }
      : p.id === lacks3
        ? { ...p, rating: undefined }
        : p.id === lacks4
          ? { ...p, actions: undefined }
          : p,
  ),
};
await seed(t.db, content);
const files = content.practices;
const complete = files.find((p) => p.context && p.rating && p.actions)!;
const withoutContext = files.find((p) => !p.context)!;
const withoutRating = files.find((p) => !p.rating)!;
const withoutActions = files.find((p) => !p.actions)!;

type Practice = {
  id: number;
  title: string;
  keywords: { handle: string; title: string }[];
  setup_context: boolean;
  setup_actions: boolean;
  setup_rating: boolean;
  date_from: string;
  date_till: string;
};
const get = async <T>(path: string) => json<{ data: T }>(await agent.get(path)).data;

describe('GET /api/practices/{id}', () => {
  it('serves a method with keywords, setup flags and prefilled experiment dates', async () => {
    const practice = await get<Practice>(`/api/practices/${complete.id}`);
    expect(practice).toMatchObject({
      id: complete.id,
      title: complete.title,
      setup_context: true,
      setup_actions: true,
      setup_rating: true,
    });
    expect(practice.keywords.map((k) => k.handle)).toEqual(complete.keywords);
    const days = (Date.parse(practice.date_till) - Date.parse(practice.date_from)) / 86_400_000;
    expect(days).toBe(complete.duration_days);
  });

  it('flags the parts a method does not have yet', async () => {
    expect((await get<Practice>(`/api/practices/${withoutContext.id}`)).setup_context).toBe(false);
    expect((await get<Practice>(`/api/practices/${withoutRating.id}`)).setup_rating).toBe(false);
    expect((await get<Practice>(`/api/practices/${withoutActions.id}`)).setup_actions).toBe(false);
  });

  it('answers 404 in German for an unknown method and for a podcast the user is not in', async () => {
    const missing = await agent.get('/api/practices/4711');
    expect(missing.statusCode).toBe(404);
    expect(json(missing).message).toBe('Diese Methode gibt es nicht.');
    const stranger = await agent.get(`/api/practices/${complete.id}?context=99`);
    expect(stranger.statusCode).toBe(404);
    expect(json(stranger).message).toBe('Diesen Podcast gibt es nicht.');
  });

  it('shows a re-seeded text and the dates of the new Berlin day at once', async () => {
    const changed = {
      ...content,
      practices: content.practices.map((p) => (p.id === complete.id ? { ...p, title: 'Neuer Titel' } : p)),
    };
    expect(await seed(t.db, changed)).toBe(true);
    expect((await get<Practice>(`/api/practices/${complete.id}`)).title).toBe('Neuer Titel');
    await seed(t.db, content);
    expect((await get<Practice>(`/api/practices/${complete.id}`)).title).toBe(complete.title);
    // 23:30 in Berlin (summer time) is the next day's date at 00:30.
    t.clock.set('2026-07-01T21:30:00Z');
    expect((await get<Practice>(`/api/practices/${complete.id}`)).date_from).toBe('2026-07-01');
    t.clock.advance(3_600_000);
    const nextDay = await get<Practice>(`/api/practices/${complete.id}`);
    expect(nextDay).toMatchObject({
      date_from: '2026-07-02',
      date_till: addDays('2026-07-02', complete.duration_days),
    });
    t.clock.set(new Date());
  });

  it('is closed to visitors and unverified users, also when its answer is rendered already', async () => {
    expect((await agent.get('/api/practices/1')).statusCode).toBe(200);
    expect((await t.agent().get('/api/practices/1')).statusCode).toBe(401);
    expect((await (await register(t)).agent.get('/api/practices/1')).statusCode).toBe(403);
  });
});

describe('method parts', () => {
  it('serves the markdown description', async () => {
    expect(await get<{ content: string }>(`/api/practices/${complete.id}/content`)).toEqual({
      content: complete.description,
    });
  });

  it('serves the context with German labels, or the spec’s note when there is none', async () => {
    const context = await get<Record<string, { key: string; trans: string }>>(
      `/api/practices/${complete.id}/context`,
    );
    expect(context.investment!.key).toBe(complete.context!.investment);
    expect(context.investment!.trans).toMatch(/€|Budget/);
    expect(context.realization).toHaveLength(complete.context!.realization.length);
    const none = await agent.get(`/api/practices/${withoutContext.id}/context`);
    expect(none.statusCode).toBe(404);
    expect(json(none).message).toBe('Für diese Methode wurde noch keine Einordnung vorgenommen.');
  });

  it('serves the rating of all 8 metrics, or the spec’s note', async () => {
    const rating = await get<Record<string, { key: string }>>(`/api/practices/${complete.id}/rating`);
    expect(Object.keys(rating)).toEqual([
      'coverage',
      'throughput',
      'reputation',
      'interaction',
      'monetization',
      'expertise',
      'referability',
      'enjoyment',
    ]);
    expect(rating.coverage!.key).toBe(complete.rating!.coverage);
    const none = await agent.get(`/api/practices/${withoutRating.id}/rating`);
    expect(json(none).message).toBe('Für diese Methode wurden noch keine Potenziale definiert.');
  });

  it('serves the action steps in order with their links', async () => {
    const actions = await get<{ description: string; has_link: boolean; link_target: string | null }[]>(
      `/api/practices/${complete.id}/actions`,
    );
    expect(actions.map((a) => a.description)).toEqual(complete.actions!.map((a) => a.description));
    expect(actions.map((a) => a.has_link)).toEqual(complete.actions!.map((a) => a.link_target !== undefined));
    expect(await get(`/api/practices/${withoutActions.id}/actions`)).toEqual([]);
  });

  it('lists the metrics a method can move, strongest first', async () => {
    const metrics = await get<{ id: string; potential: { key: string } }[]>(
      `/api/practices/${complete.id}/metrics`,
    );
    const points = { none: 0, low: 1, medium: 2, high: 3 } as Record<string, number>;
    const expected = Object.entries(complete.rating!).filter(([, v]) => v !== 'none');
    expect(metrics.map((m) => m.id).sort()).toEqual(expected.map(([k]) => k).sort());
    // In the order served: never a weaker metric before a stronger one.
    const served = metrics.map((m) => points[m.potential.key]!);
    expect(served).toEqual([...served].sort((a, b) => b - a));
    expect(new Set(served).size).toBeGreaterThan(1);
  });

  it('lists the sets a method belongs to, the first edition among them', async () => {
    const sets = await get<{ title: string; type: { key: string }; num_practices: number }[]>(
      `/api/practices/${complete.id}/compilations`,
    );
    expect(sets.some((s) => s.type.key === 'edition' && s.num_practices === 99)).toBe(true);
  });
});

describe('editorial lists', () => {
  it('serves keywords, categories, a random advice, changelog and roadmap', async () => {
    expect((await get<unknown[]>('/api/keywords')).length).toBeGreaterThanOrEqual(10);
    expect((await get<unknown[]>('/api/categories')).length).toBeGreaterThanOrEqual(15);
    expect((await get<{ content: string }>('/api/advices:random')).content.length).toBeGreaterThan(10);
    const changelog = await get<{ released_at: string }[]>('/api/changelog');
    expect(changelog.map((c) => c.released_at)).toEqual(
      [...changelog.map((c) => c.released_at)].sort().reverse(),
    );
    expect((await get<unknown[]>('/api/roadmap')).length).toBeGreaterThan(0);
  });

  it('lists the sets and shows one with its methods', async () => {
    const sets = await get<{ id: number; type: { key: string } }[]>('/api/compilations');
    expect(sets.filter((s) => s.type.key === 'edition').length).toBeGreaterThanOrEqual(3);
    expect(sets.filter((s) => s.type.key === 'playbook').length).toBeGreaterThanOrEqual(5);
    const playbook = content.compilations.find((c) => c.type === 'playbook')!;
    const shown = await get<{ title: string; practices: Practice[] }>(`/api/compilations/${playbook.id}`);
    expect(shown.title).toBe(playbook.title);
    expect(shown.practices.map((p) => p.id)).toEqual(playbook.practices);
    for (const practice of shown.practices) {
      const file = files.find((f) => f.id === practice.id)!;
      expect(practice.keywords.map((k) => k.handle)).toEqual(file.keywords);
      expect(practice.setup_context).toBe(file.context !== undefined);
    }
    expect((await agent.get('/api/compilations/999')).statusCode).toBe(404);
  });
});

describe('seeding', () => {
  it('is idempotent and keeps the method count at 99', async () => {
    await t.db.deleteFrom('secrets').where('key', '=', 'content_hash').execute();
    expect(await seed(t.db)).toBe(true);
    expect(await seed(t.db)).toBe(false);
    const { n } = await t.db
      .selectFrom('practices')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(n)).toBe(99);
  });

  it('keeps the ids of action steps when steps are inserted or removed', async () => {
    const before = await get<{ id: number; description: string }[]>(`/api/practices/${complete.id}/actions`);
    expect(before.map((a) => a.id)).toEqual(complete.actions!.map((a) => a.id));
    // An editor inserts a step at the top and drops the last one.
    const edited = structuredClone(content);
    const practice = edited.practices.find((p) => p.id === complete.id)!;
    const dropped = practice.actions!.pop()!;
    practice.actions!.unshift({ id: complete.id * 100 + 99, description: 'Ein neuer erster Schritt.' });
    expect(await seed(t.db, edited)).toBe(true);
    const after = await get<{ id: number; description: string }[]>(`/api/practices/${complete.id}/actions`);
    expect(after.map((a) => a.id)).toEqual([complete.id * 100 + 99, ...before.slice(0, -1).map((a) => a.id)]);
    for (const step of after.slice(1)) {
      expect(step.description).toBe(before.find((b) => b.id === step.id)!.description);
    }
    // The dropped step stays in the table (what refers to it keeps working) but is not served.
    const row = await t.db
      .selectFrom('practice_actions')
      .selectAll()
      .where('id', '=', dropped.id)
      .executeTakeFirst();
    expect(row?.removed_at).not.toBeNull();
    expect(await seed(t.db)).toBe(true);
    const restored = await get<{ id: number }[]>(`/api/practices/${complete.id}/actions`);
    expect(restored.map((a) => a.id)).toEqual(before.map((a) => a.id));
  });
});
