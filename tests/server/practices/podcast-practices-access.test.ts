// Who gets which methods: a Basic podcast (no scores, no advice order, flags still), roles, strangers, no session.
import { describe, expect, it } from 'vitest';
import type { Bookmark, PodcastPractice } from '../../../src/shared/podcast-practices.ts';
import { json } from '../helpers/agent.ts';
import { ids, practicesApp } from './practice-helpers.ts';

const { t, observer, editor, stranger, agent, list, pro, basic } = await practicesApp();

describe('Basic podcast', () => {
  it('gets the list without similarity and reasons, ordered by effort, and no advice order', async () => {
    const page = await list(basic);
    expect(page.data.every((p) => p.similarity === null && p.score === null && p.reasons === null)).toBe(
      true,
    );
    expect(ids(page)).toEqual(ids(await list(basic, '?order=effort')));
    const advice = await agent.get(`/api/podcasts/${basic}/practices?order=advice`);
    expect(advice.statusCode).toBe(403);
    expect(json(advice).message).toMatch(/Studio Pro/);
    expect((await agent.get(`/api/podcasts/${basic}/estimations`)).statusCode).toBe(403);
    const one = json<{ data: PodcastPractice }>(await agent.get(`/api/podcasts/${basic}/practices/1`)).data;
    expect(one.similarity).toBeNull();
    const inContext = json<{ data: PodcastPractice }>(
      await agent.get(`/api/practices/1?context=${basic}`),
    ).data;
    expect(inContext.similarity).toBeNull();
    expect(inContext.reasons).toBeNull();
  });

  it('may still set flags', async () => {
    const response = await agent.post(`/api/podcasts/${basic}/bookmarks`, { practice_id: 3 });
    expect(response.statusCode).toBe(201);
    expect(json<{ data: Bookmark }>(response).data.practice).toMatchObject({
      id: 3,
      bookmarked: true,
      similarity: null,
    });
  });
});

describe('the guard', () => {
  it('lets an observer read but not set flags, an editor set them', async () => {
    expect((await observer.agent.get(`/api/podcasts/${pro}/practices`)).statusCode).toBe(200);
    expect((await observer.agent.get(`/api/podcasts/${pro}/estimations`)).statusCode).toBe(200);
    for (const kind of ['bookmarks', 'rejections', 'applications']) {
      const refused = await observer.agent.post(`/api/podcasts/${pro}/${kind}`, { practice_id: 2 });
      expect(refused.statusCode, kind).toBe(403);
      expect(json(refused).message).toBe('Das darf deine Rolle in diesem Podcast nicht.');
      expect(
        (await observer.agent.delete(`/api/podcasts/${pro}/${kind}`, { practice_id: 2 })).statusCode,
      ).toBe(403);
    }
    expect((await editor.agent.post(`/api/podcasts/${pro}/bookmarks`, { practice_id: 2 })).statusCode).toBe(
      201,
    );
    expect((await editor.agent.delete(`/api/podcasts/${pro}/bookmarks`, { practice_id: 2 })).statusCode).toBe(
      204,
    );
    const rows = await t.db
      .selectFrom('practice_rejections')
      .selectAll()
      .where('podcast_id', '=', pro)
      .execute();
    expect(rows).toEqual([]);
  });

  it('answers 404 for another user’s podcast on every route and writes nothing', async () => {
    const other = stranger.agent;
    for (const path of ['practices', 'practices/1', 'bookmarks', 'applications', 'estimations']) {
      const response = await other.get(`/api/podcasts/${pro}/${path}`);
      expect(response.statusCode, path).toBe(404);
      expect(json(response).message).toBe('Diesen Podcast gibt es nicht.');
    }
    for (const kind of ['bookmarks', 'rejections', 'applications']) {
      expect((await other.post(`/api/podcasts/${pro}/${kind}`, { practice_id: 2 })).statusCode).toBe(404);
      expect((await other.delete(`/api/podcasts/${pro}/${kind}`, { practice_id: 2 })).statusCode).toBe(404);
    }
    expect((await other.get(`/api/practices/1?context=${pro}`)).statusCode).toBe(404);
    const bookmarks = await t.db
      .selectFrom('practice_bookmarks')
      .selectAll()
      .where('podcast_id', '=', pro)
      .execute();
    expect(bookmarks).toEqual([]);
  });

  it('needs a session', async () => {
    const anonymous = t.agent();
    await anonymous.csrf();
    expect((await anonymous.get(`/api/podcasts/${pro}/practices`)).statusCode).toBe(401);
    expect((await anonymous.post(`/api/podcasts/${pro}/bookmarks`, { practice_id: 1 })).statusCode).toBe(401);
  });
});
