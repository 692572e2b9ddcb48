// The account-wide tips list (account.assistances.list) is paged as a podcast's tips: the newest
// 100 of all the user's Pro podcasts, `meta.before` and `?before=` for the older ones, in one
// order (created_at, then id) across podcasts, ties split between pages without a tip lost or
// shown twice; other users' podcasts, a deactivated membership and a Basic podcast never show,
// not even through a cursor of theirs; a bad cursor is a German 422.
import { beforeAll, describe, expect, it } from 'vitest';
import { accountAssistancesCollection } from '../../../src/shared/assistances.ts';
import { ASSISTANCES_LIMIT } from '../../../src/server/assistances/assistance-routes.ts';
import { verifiedUser } from '../helpers/accounts.ts';
import type { Agent } from '../helpers/agent.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';
import { addMember, podcastOwnedBy } from '../podcasts/podcast-helpers.ts';
import { contract } from '../team/team-helpers.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});

const URL = '/api/account/assistances';
const page = async (agent: Agent, before?: number) =>
  contract(
    await agent.get(before === undefined ? URL : `${URL}?before=${before}`),
    200,
    accountAssistancesCollection,
  );

/** `count` tips, three to a second (ties in the sort key), taking turns over `podcasts`. */
async function insertTips(podcasts: number[], count: number, from: number, label: string) {
  await t.db
    .insertInto('assistances')
    .values(
      Array.from({ length: count }, (_, i) => ({
        podcast_id: podcasts[i % podcasts.length]!,
        rule: 'test',
        cause: `${label}:${i}`,
        subject: `${label} ${i}`,
        message: 'Text',
        created_at: new Date(from + Math.floor(i / 3) * 1000).toISOString(),
      })),
    )
    .execute();
}

describe('the account’s tips, a page at a time', { timeout: 60_000 }, () => {
  it('walks back through all tips of the user’s Pro podcasts once, and no one else’s', async () => {
    const user = await verifiedUser(t);
    const stranger = await verifiedUser(t);
    const a = await podcastOwnedBy(t, 'Alpha', user.id);
    const b = await podcastOwnedBy(t, 'Beta', user.id);
    const basic = await podcastOwnedBy(t, 'Basisfunk', user.id);
    const yearAgo = new Date(t.clock.now().getTime() - 365 * 86_400_000).toISOString();
    await t.db.updateTable('podcasts').set({ created_at: yearAgo }).where('id', '=', basic).execute();
    const theirs = await podcastOwnedBy(t, 'Fremdfunk', stranger.id);
    const left = await podcastOwnedBy(t, 'Verlassenfunk', stranger.id);
    await addMember(t, left, user.id, 'editor', 0);

    const total = ASSISTANCES_LIMIT * 2 + 7;
    const at = t.clock.now().getTime() - 86_400_000;
    await insertTips([a, b], total, at, 'Eigener Tipp');
    // Others' tips at the same times, so each of them sits in the middle of the user's pages.
    await insertTips([theirs, left, basic], 90, at, 'Fremder Tipp');
    const stored = (
      await t.db
        .selectFrom('assistances')
        .select(['id', 'created_at'])
        .where('podcast_id', 'in', [a, b])
        .orderBy('created_at', 'desc')
        .orderBy('id', 'desc')
        .execute()
    ).map((r) => r.id);
    expect(stored).toHaveLength(total);

    const pages = [await page(user.agent)];
    while (pages.at(-1)!.meta!.before !== null && pages.length < 10)
      pages.push(await page(user.agent, pages.at(-1)!.meta!.before!));
    expect(pages.map((p) => p.data.length)).toEqual([ASSISTANCES_LIMIT, ASSISTANCES_LIMIT, 7]);
    // The first page is the newest 100, as before; each cursor is its page's last tip.
    expect(pages[0]!.data.map((d) => d.id)).toEqual(stored.slice(0, ASSISTANCES_LIMIT));
    for (const p of pages.slice(0, -1)) expect(p.meta!.before).toBe(p.data.at(-1)!.id);
    // Three tips to a second: the first boundary splits a second; none lost, none twice, in order.
    expect(pages[0]!.data.at(-1)!.created_at).toBe(pages[1]!.data[0]!.created_at);
    expect(pages.flatMap((p) => p.data.map((d) => d.id))).toEqual(stored);
    const titles = new Set(pages.flatMap((p) => p.data.map((d) => d.podcast.title)));
    expect(titles).toEqual(new Set(['Alpha', 'Beta']));

    // Others' tips as the cursor: an empty page, nothing of theirs.
    const foreign = await t.db
      .selectFrom('assistances')
      .select(['id', 'podcast_id'])
      .where('podcast_id', 'in', [theirs, left, basic])
      .execute();
    for (const podcast of [theirs, left, basic]) {
      const tip = foreign.find((f) => f.podcast_id === podcast)!;
      expect(await page(user.agent, tip.id), `tip of podcast ${podcast}`).toEqual({
        data: [],
        meta: { before: null },
      });
    }
    // The stranger pages their own two podcasts; a cursor of the user's finds nothing for them.
    const strangers = await page(stranger.agent);
    expect(new Set(strangers.data.map((d) => d.podcast_id))).toEqual(new Set([theirs, left]));
    expect(await page(stranger.agent, stored[5]!)).toEqual({ data: [], meta: { before: null } });
    expect((await t.agent().get(`${URL}?before=${stored[5]}`)).statusCode).toBe(401);
  });

  it('refuses a cursor that is no tip id with a German message for the field', async () => {
    const user = await verifiedUser(t);
    await podcastOwnedBy(t, 'Cursorfunk', user.id);
    for (const before of ['abc', '0', '-3', '1.5', '99999999999', '']) {
      const bad = await user.agent.get(`${URL}?before=${before}`);
      expect(bad.statusCode, before).toBe(422);
      const body = bad.json() as { message: string; errors: { before?: string[] } };
      expect(body.errors.before, before).toEqual(['Diese Kennung ist ungültig.']);
      expect(body.message).toBe('Diese Kennung ist ungültig.');
    }
    // Without a Pro podcast the answer is an empty list, with or without a cursor.
    const nobody = await verifiedUser(t);
    expect(await page(nobody.agent)).toEqual({ data: [], meta: { before: null } });
    expect(await page(nobody.agent, 1)).toEqual({ data: [], meta: { before: null } });
  });
});
