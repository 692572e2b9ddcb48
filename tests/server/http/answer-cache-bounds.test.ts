// The kept answers' memory (src/server/pipeline/answer-cache.ts, answer-key.ts): whatever URLs one
// member sends, the cache keeps no more than its bounds, and a URL that differs from another only
// in what validation drops or rewrites (an unknown query key, a number spelled with zeros) is no
// entry of its own. On both databases.
import { describe, expect, it } from 'vitest';
import { register } from '../helpers/accounts.ts';
import { json } from '../helpers/agent.ts';
import { createTestApp } from '../helpers/test-app.ts';
import { ownerWithExperiment } from '../experiments/experiment-helpers.ts';

const t = await createTestApp();
const cache = t.app.answerCache;
const { owner, podcast, experiment } = await ownerWithExperiment(t);
const long = 'x'.repeat(8000);

/** Sends `paths` one after the other; the largest size and count the cache had after any of them. */
async function flood(paths: Iterable<string>, agent = owner.agent) {
  const most = { bytes: 0, entries: 0 };
  for (const path of paths) {
    expect((await agent.get(path)).statusCode).toBe(200);
    const { bytes, entries } = cache.size();
    most.bytes = Math.max(most.bytes, bytes);
    most.entries = Math.max(most.entries, entries);
  }
  return most;
}

function* numbered(count: number, path: (n: number) => string) {
  for (let n = 1; n <= count; n++) yield path(n);
}

describe('kept answers under a flood of unique URLs', () => {
  it('keep one entry for a route however many unknown query keys and spellings come', async () => {
    const comments = `/api/experiments/${experiment.id}/comments`;
    const before = (await flood([comments, comments])).entries;
    // Each URL unique, as in the report: a long unknown key with a number counting up.
    expect((await flood(numbered(300, (n) => `${comments}?q=${long}${n}`))).entries).toBe(before);
    const practices = `/api/podcasts/${podcast.id}/practices`;
    const spellings = ['gast', 'gast,', ',gast', 'gast,,&x=1', '%20gast'];
    const pages = await flood(spellings.map((keywords) => `${practices}?keywords=${keywords}`));
    expect(pages.entries).toBe(before + 1);
    // Still the answer: a kept one is shown while it holds, a change at once.
    expect(json<{ data: unknown[] }>(await owner.agent.get(`${comments}?q=${long}`)).data).toEqual([]);
    expect((await owner.agent.post(comments, { content: 'Neu' })).statusCode).toBe(201);
    expect(json<{ data: unknown[] }>(await owner.agent.get(`${comments}?q=${long}0`)).data).toHaveLength(1);
  });

  it.runIf(t.db.engine === 'sqlite')(
    'keep one entry for the session probe of a user who never confirmed the address',
    async () => {
      const { agent } = await register(t);
      const probe = '/api/account/session';
      const before = (await flood([probe], agent)).entries;
      expect(
        (
          await flood(
            numbered(200, (n) => `${probe}?q=${long}${n}`),
            agent,
          )
        ).entries,
      ).toBe(before);
    },
  );

  it('stay within the byte and the entry bound with distinct valid parameters', async () => {
    const practices = (n: number) => `/api/podcasts/${podcast.id}/practices?page=${n}&order=latest`;
    const defaults = { ...cache.bounds };
    try {
      // Narrowed so that a few hundred requests reach them: first the bytes bind, then the count.
      Object.assign(cache.bounds, { bytes: 40_000, entries: 10_000 });
      const byBytes = await flood(numbered(300, practices));
      expect(byBytes.bytes).toBeLessThanOrEqual(40_000);
      expect(byBytes.bytes).toBeGreaterThan(30_000);
      Object.assign(cache.bounds, { bytes: defaults.bytes, entries: 25 });
      const byCount = await flood(numbered(300, (n) => `${practices(n)}&status=open`));
      expect(byCount.entries).toBe(25);
    } finally {
      Object.assign(cache.bounds, defaults);
    }
  });
});
