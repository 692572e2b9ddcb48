// A podcast's flags on methods: bookmarks, applications (the Berlin day), rejections, and refused bodies.
import { describe, expect, it } from 'vitest';
import { berlinDate } from '../../../src/shared/calendar.ts';
import type {
  Application,
  Bookmark,
  Estimation,
  PodcastPractice,
} from '../../../src/shared/podcast-practices.ts';
import { json } from '../helpers/agent.ts';
import { practicesApp } from './practice-helpers.ts';

const { t, agent, list, TOTAL, pro } = await practicesApp();

describe('flags', () => {
  it('bookmarks: POST sets (201, then 200 on repeat), DELETE unsets (204, also on repeat)', async () => {
    const first = await agent.post(`/api/podcasts/${pro}/bookmarks`, { practice_id: 7 });
    expect(first.statusCode).toBe(201);
    const bookmark = json<{ data: Bookmark }>(first).data;
    expect(bookmark.practice).toMatchObject({ id: 7, bookmarked: true, applied: false, rejected: false });
    const again = await agent.post(`/api/podcasts/${pro}/bookmarks`, { practice_id: 7 });
    expect(again.statusCode).toBe(200);
    // The repeat answers as the first did (the method as its own answer shows it, score included).
    expect(json<{ data: Bookmark }>(again).data).toEqual(bookmark);
    expect(bookmark.practice).toEqual(
      json<{ data: PodcastPractice }>(await agent.get(`/api/podcasts/${pro}/practices/7`)).data,
    );
    const bookmarks = json<{ data: Bookmark[] }>(await agent.get(`/api/podcasts/${pro}/bookmarks`)).data;
    expect(bookmarks.map((b) => [b.id, b.practice.id])).toEqual([[bookmark.id, 7]]);
    expect((await list(pro, '?status=bookmarked')).data.map((p) => p.id)).toEqual([7]);

    expect((await agent.delete(`/api/podcasts/${pro}/bookmarks`, { practice_id: 7 })).statusCode).toBe(204);
    expect((await agent.delete(`/api/podcasts/${pro}/bookmarks`, { practice_id: 7 })).statusCode).toBe(204);
    expect(json<{ data: Bookmark[] }>(await agent.get(`/api/podcasts/${pro}/bookmarks`)).data).toEqual([]);
    const practice = json<{ data: PodcastPractice }>(
      await agent.get(`/api/podcasts/${pro}/practices/7`),
    ).data;
    expect(practice.bookmarked).toBe(false);
  });

  it('applications carry the Berlin day; an applied method leaves the estimations and scores 0', async () => {
    const [best] = json<{ data: Estimation[] }>(await agent.get(`/api/podcasts/${pro}/estimations`)).data;
    expect(best!.similarity).toBeGreaterThan(0);
    const created = await agent.post(`/api/podcasts/${pro}/applications`, { practice_id: best!.practice_id });
    expect(created.statusCode).toBe(201);
    const application = json<{ data: Application }>(created).data;
    expect(application.starts_at).toBe(berlinDate(t.clock.now()));
    expect(application.practice).toMatchObject({
      applied: true,
      applied_on: application.starts_at,
      similarity: 0,
    });
    expect(
      (await agent.post(`/api/podcasts/${pro}/applications`, { practice_id: best!.practice_id })).statusCode,
    ).toBe(200);

    const applications = json<{ data: Application[] }>(
      await agent.get(`/api/podcasts/${pro}/applications`),
    ).data;
    expect(applications.map((a) => [a.practice.id, a.starts_at])).toEqual([
      [best!.practice_id, application.starts_at],
    ]);
    const estimations = json<{ data: Estimation[] }>(
      await agent.get(`/api/podcasts/${pro}/estimations?limit=50`),
    ).data;
    expect(estimations.map((e) => e.practice_id)).not.toContain(best!.practice_id);
    expect((await list(pro, '?status=applied')).data.map((p) => p.id)).toEqual([best!.practice_id]);
    expect((await list(pro, '?status=open')).meta.total).toBe(TOTAL - 1);

    expect(
      (await agent.delete(`/api/podcasts/${pro}/applications`, { practice_id: best!.practice_id }))
        .statusCode,
    ).toBe(204);
    const again = json<{ data: Estimation[] }>(await agent.get(`/api/podcasts/${pro}/estimations`)).data;
    expect(again[0]).toEqual(best);
  });

  it('a rejected method is never recommended until the rejection is removed', async () => {
    const top = json<{ data: Estimation[] }>(await agent.get(`/api/podcasts/${pro}/estimations`)).data;
    expect(top).toHaveLength(3);
    const rejected = top[1]!.practice_id;
    expect((await agent.post(`/api/podcasts/${pro}/rejections`, { practice_id: rejected })).statusCode).toBe(
      201,
    );
    expect((await agent.post(`/api/podcasts/${pro}/rejections`, { practice_id: rejected })).statusCode).toBe(
      200,
    );
    const after = json<{ data: Estimation[] }>(await agent.get(`/api/podcasts/${pro}/estimations`)).data;
    expect(after.map((e) => e.practice_id)).toEqual([
      top[0]!.practice_id,
      top[2]!.practice_id,
      expect.any(Number),
    ]);
    expect(after.map((e) => e.practice_id)).not.toContain(rejected);
    const practice = json<{ data: PodcastPractice }>(
      await agent.get(`/api/practices/${rejected}?context=${pro}`),
    ).data;
    expect(practice).toMatchObject({
      rejected: true,
      similarity: 0,
      reasons: ['Du hast diese Methode ausgeschlossen'],
    });
    expect((await list(pro, '?status=rejected')).data.map((p) => p.id)).toEqual([rejected]);
    expect(
      (await agent.delete(`/api/podcasts/${pro}/rejections`, { practice_id: rejected })).statusCode,
    ).toBe(204);
    expect(json<{ data: Estimation[] }>(await agent.get(`/api/podcasts/${pro}/estimations`)).data).toEqual(
      top,
    );
  });

  it('refuses a method that does not exist and bodies without a method', async () => {
    for (const method of ['post', 'delete'] as const) {
      for (const kind of ['bookmarks', 'rejections', 'applications']) {
        const missing = await agent[method](`/api/podcasts/${pro}/${kind}`, { practice_id: 999_999 });
        expect(missing.statusCode, `${method} ${kind}`).toBe(422);
        expect(json(missing).errors).toEqual({ practice_id: ['Diese Methode gibt es nicht.'] });
        expect((await agent[method](`/api/podcasts/${pro}/${kind}`, { practice_id: '1e3' })).statusCode).toBe(
          422,
        );
        expect((await agent[method](`/api/podcasts/${pro}/${kind}`, {})).statusCode).toBe(422);
      }
    }
  });
});
