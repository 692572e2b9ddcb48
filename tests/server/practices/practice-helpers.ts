// The podcast-practices suites' setup: a seeded app, an owner with a Pro and a Basic podcast (the
// Basic one past its trial), an observer and an editor on the Pro one, a stranger, and the seeded
// methods' contexts and keywords to check lists against.
import { expect } from 'vitest';
import type { PaginationMeta } from '../../../src/shared/api.ts';
import type { PodcastPractice } from '../../../src/shared/podcast-practices.ts';
import { metric, type MetricKey } from '../../../src/shared/vocabulary.ts';
import { json } from '../helpers/agent.ts';
import { verifiedUser } from '../helpers/accounts.ts';
import { createTestApp } from '../helpers/test-app.ts';
import { addCategories, addMember, createPodcast } from '../podcasts/podcast-helpers.ts';

export type Page = { data: PodcastPractice[]; meta: PaginationMeta };
export const ids = (page: Page) => page.data.map((p) => p.id);
/** A podcast's goals (its objective) with only `high` mattering ('high'), every other 'none'. */
export const goals = (high: MetricKey) =>
  Object.fromEntries(metric.keys.map((k) => [k, k === high ? 'high' : 'none']));
export const rankOf = (keys: readonly string[], key: string | undefined) =>
  key === undefined ? keys.length : keys.indexOf(key);

export async function practicesApp() {
  const t = await createTestApp({ seed: true });
  await addCategories(t);
  const owner = await verifiedUser(t);
  const observer = await verifiedUser(t);
  const editor = await verifiedUser(t);
  const stranger = await verifiedUser(t);
  const agent = owner.agent;

  const list = async (podcastId: number, query = '', who = agent) => {
    const response = await who.get(`/api/podcasts/${podcastId}/practices${query}`);
    expect(response.statusCode, response.body).toBe(200);
    return json<Page>(response);
  };

  const contexts = new Map(
    (await t.db.selectFrom('practice_contexts').selectAll().execute()).map((c) => [c.practice_id, c]),
  );
  const keywordRows = await t.db.selectFrom('practice_keywords').selectAll().execute();
  const TOTAL = Number(
    (
      await t.db
        .selectFrom('practices')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

  const pro = (await createPodcast(agent, { title: 'Pro-Podcast' })).id;
  const basic = (await createPodcast(agent, { title: 'Basic-Podcast' })).id;
  // Past the 30-day trial: Basic.
  const old = new Date(t.clock.now().getTime() - 60 * 86_400_000).toISOString();
  await t.db.updateTable('podcasts').set({ created_at: old }).where('id', '=', basic).execute();
  await addMember(t, pro, observer.id, 'observer');
  await addMember(t, pro, editor.id, 'editor');
  await agent.put(`/api/podcasts/${pro}/objective`, {
    coverage: 'high',
    throughput: 'low',
    reputation: 'medium',
    interaction: 'none',
    monetization: 'none',
    expertise: 'none',
    referability: 'medium',
    enjoyment: 'low',
  });

  return { t, observer, editor, stranger, agent, list, contexts, keywordRows, TOTAL, pro, basic };
}
