// Lists that grow are bounded: an experiment's comments and activity and a podcast's tips answer
// their newest page with `meta.before`, and `?before=` walks back through every older entry once,
// in the list's order, for the podcast's members only.
import { beforeAll, describe, expect, it } from 'vitest';
import { commentsResponse, eventsResponse } from '../../../src/shared/experiments.ts';
import { assistancesCollection } from '../../../src/shared/assistances.ts';
import { COMMENTS_PAGE } from '../../../src/server/experiments/comment-queries.ts';
import { EVENTS_PAGE } from '../../../src/server/experiments/event-queries.ts';
import { ASSISTANCES_LIMIT } from '../../../src/server/assistances/assistance-routes.ts';
import { contract } from '../team/team-helpers.ts';
import { verifiedUser } from '../helpers/accounts.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';
import type { Agent } from '../helpers/agent.ts';
import { ownerWithExperiment } from './experiment-helpers.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});

/** Every page of a list from the newest on, following meta.before. */
async function allPages(agent: Agent, url: string, schema: typeof commentsResponse | typeof eventsResponse) {
  const pages: { ids: number[]; before: number | null }[] = [];
  let before: number | null | undefined;
  do {
    const answer = contract(
      await agent.get(before === undefined ? url : `${url}?before=${before}`),
      200,
      schema,
    );
    before = answer.meta!.before;
    pages.push({ ids: answer.data.map((c) => c.id), before });
  } while (before !== null && pages.length < 20);
  return pages;
}

describe('bounded lists', { timeout: 60_000 }, () => {
  it('pages an experiment’s comments, oldest first within the newest page, and its activity', async () => {
    const { owner, podcast, experiment } = await ownerWithExperiment(t);
    const total = COMMENTS_PAGE * 2 + 7;
    const at = t.clock.now().getTime();
    // Two comments share each second, so the order needs the id after the time.
    await t.db
      .insertInto('comments')
      .values(
        Array.from({ length: total }, (_, i) => ({
          experiment_id: experiment.id,
          user_id: owner.id,
          content: `Notiz ${i}`,
          created_at: new Date(at + Math.floor(i / 2) * 1000).toISOString(),
        })),
      )
      .execute();
    const stored = (
      await t.db
        .selectFrom('comments')
        .select('id')
        .where('experiment_id', '=', experiment.id)
        .orderBy('created_at')
        .orderBy('id')
        .execute()
    ).map((r) => r.id);

    const pages = await allPages(owner.agent, `/api/experiments/${experiment.id}/comments`, commentsResponse);
    expect(pages.map((p) => p.ids.length)).toEqual([COMMENTS_PAGE, COMMENTS_PAGE, 7]);
    // The first page is the newest comments, oldest first, as the spec's list shows them.
    expect(pages[0]!.ids).toEqual(stored.slice(-COMMENTS_PAGE));
    expect(pages[0]!.before).toBe(pages[0]!.ids[0]);
    // Older pages, read back to front, are the whole list once.
    expect(pages.flatMap((p) => p.ids).sort((a, b) => a - b)).toEqual([...stored].sort((a, b) => a - b));
    expect(
      pages
        .slice()
        .reverse()
        .flatMap((p) => p.ids),
    ).toEqual(stored);

    // A comment written now shows on the first page; the stranger gets the experiment's 404.
    t.clock.advance(120_000);
    await owner.agent.post(`/api/experiments/${experiment.id}/comments`, { content: 'Neu' });
    const first = contract(
      await owner.agent.get(`/api/experiments/${experiment.id}/comments`),
      200,
      commentsResponse,
    );
    expect(first.data.at(-1)!.content).toBe('Neu');
    expect(first.data).toHaveLength(COMMENTS_PAGE);
    const stranger = await verifiedUser(t);
    expect(
      (await stranger.agent.get(`/api/experiments/${experiment.id}/comments?before=${stored[10]}`))
        .statusCode,
    ).toBe(404);
    const bad = await owner.agent.get(`/api/experiments/${experiment.id}/comments?before=abc`);
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors).toHaveProperty('before');

    // The activity log: newest first, pages back to the experiment's creation.
    const events = EVENTS_PAGE + 3;
    await t.db
      .insertInto('events')
      .values(
        Array.from({ length: events }, (_, i) => ({
          podcast_id: podcast.id,
          experiment_id: experiment.id,
          trackable_type: 'experiment',
          trackable_id: experiment.id,
          event_type: 'updated',
          user_id: owner.id,
          created_at: new Date(at + 200_000 + i * 1000).toISOString(),
        })),
      )
      .execute();
    const timeline = await allPages(owner.agent, `/api/experiments/${experiment.id}/events`, eventsResponse);
    expect(timeline.map((p) => p.ids.length)).toEqual([EVENTS_PAGE, 4]);
    const all = timeline.flatMap((p) => p.ids);
    expect(new Set(all).size).toBe(events + 1);
    expect(all.at(-1)).toBe(Math.min(...all)); // the 'created' entry comes last
  });

  it('pages a podcast’s tips, newest first', async () => {
    const { owner, podcast } = await ownerWithExperiment(t);
    const at = t.clock.now().getTime();
    await t.db
      .insertInto('assistances')
      .values(
        Array.from({ length: ASSISTANCES_LIMIT + 5 }, (_, i) => ({
          podcast_id: podcast.id,
          rule: 'test',
          cause: `test:${i}`,
          subject: `Tipp ${i}`,
          message: 'Text',
          created_at: new Date(at + 60_000 + i * 1000).toISOString(),
        })),
      )
      .execute();
    const url = `/api/podcasts/${podcast.id}/assistances`;
    const first = contract(await owner.agent.get(url), 200, assistancesCollection);
    expect(first.data).toHaveLength(ASSISTANCES_LIMIT);
    expect(first.data[0]!.subject).toBe(`Tipp ${ASSISTANCES_LIMIT + 4}`);
    const older = contract(
      await owner.agent.get(`${url}?before=${first.meta!.before}`),
      200,
      assistancesCollection,
    );
    const count = await t.db
      .selectFrom('assistances')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('podcast_id', '=', podcast.id)
      .executeTakeFirstOrThrow();
    expect(first.data.length + older.data.length).toBe(Number(count.n));
    expect(older.meta!.before).toBeNull();
    expect(older.data.map((a) => a.subject)).toContain('Tipp 0');
  });
});
