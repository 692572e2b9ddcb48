// One method in a podcast's context (both routes agree) and its similar methods with the podcast's flags.
import { describe, expect, it } from 'vitest';
import { berlinDate } from '../../../src/shared/calendar.ts';
import type { PodcastPractice, Similarity } from '../../../src/shared/podcast-practices.ts';
import { json } from '../helpers/agent.ts';
import { practicesApp } from './practice-helpers.ts';

const { t, agent, stranger, pro } = await practicesApp();

describe('one method', () => {
  it('GET /api/podcasts/{id}/practices/{practiceId} and /api/practices/{id}?context= agree', async () => {
    const one = json<{ data: PodcastPractice }>(await agent.get(`/api/podcasts/${pro}/practices/5`)).data;
    const inContext = json<{ data: PodcastPractice }>(
      await agent.get(`/api/practices/5?context=${pro}`),
    ).data;
    expect(inContext).toEqual(one);
    expect(one.similarity).toEqual(expect.any(Number));
    expect(one.date_from).toBe(berlinDate(t.clock.now()));
    expect((await agent.get(`/api/podcasts/${pro}/practices/999999`)).statusCode).toBe(404);
    expect((await agent.get(`/api/practices/999999?context=${pro}`)).statusCode).toBe(404);
    expect((await agent.get(`/api/podcasts/${pro}/practices/abc`)).statusCode).toBe(404);
    // Without context: no podcast's values.
    const plain = json<{ data: PodcastPractice }>(await agent.get('/api/practices/5')).data;
    expect(plain).toMatchObject({ similarity: null, reasons: null, bookmarked: false, applied_on: null });
  });
});

describe('similarities', () => {
  it('lists the three most similar other methods, with the podcast flags in context', async () => {
    const response = await agent.get('/api/practices/1/similarities');
    expect(response.statusCode).toBe(200);
    const similar = json<{ data: Similarity[] }>(response).data;
    expect(similar).toHaveLength(3);
    expect(similar.map((s) => s.relation_id)).not.toContain(1);
    const values = similar.map((s) => s.similarity);
    expect([...values].sort((a, b) => b - a)).toEqual(values);
    expect(similar.every((s) => s.id === s.relation.id && s.relation_id === s.relation.id)).toBe(true);

    await agent.post(`/api/podcasts/${pro}/bookmarks`, { practice_id: similar[0]!.relation_id });
    const inContext = json<{ data: Similarity[] }>(
      await agent.get(`/api/practices/1/similarities?context=${pro}&limit=5`),
    ).data;
    expect(inContext).toHaveLength(5);
    expect(inContext[0]!.relation).toMatchObject({ bookmarked: true, similarity: expect.any(Number) });
    await agent.post(`/api/podcasts/${pro}/rejections`, { practice_id: similar[1]!.relation_id });
    const withoutRejected = json<{ data: Similarity[] }>(
      await agent.get(`/api/practices/1/similarities?context=${pro}`),
    ).data;
    expect(withoutRejected.map((s) => s.relation_id)).not.toContain(similar[1]!.relation_id);
    expect(withoutRejected[0]!.relation_id).toBe(similar[0]!.relation_id);
    await agent.delete(`/api/podcasts/${pro}/rejections`, { practice_id: similar[1]!.relation_id });
    expect((await agent.get('/api/practices/999999/similarities')).statusCode).toBe(404);
    expect((await stranger.agent.get(`/api/practices/1/similarities?context=${pro}`)).statusCode).toBe(404);
    await agent.delete(`/api/podcasts/${pro}/bookmarks`, { practice_id: similar[0]!.relation_id });
  });
});
