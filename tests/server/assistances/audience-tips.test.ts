// The audience tips on the real database (SQLite, or PostgreSQL with TEST_DATABASE_URL): an OP3
// source whose newest day is 5 days back gets its 'source-silent' tip from an evaluation, once
// however often the podcast is evaluated; a newer day ends the silence, a later one is a new cause.
import { describe, expect, it } from 'vitest';
import { evaluateTips } from '../../../src/server/engine/tips/evaluate-tips.ts';
import { addDays, berlinDate } from '../../../src/shared/calendar.ts';
import { verifiedUser } from '../helpers/accounts.ts';
import { audienceSource } from '../helpers/audience-source.ts';
import { createTestApp } from '../helpers/test-app.ts';
import { addCategories, createPodcast } from '../podcasts/podcast-helpers.ts';

const t = await createTestApp();

describe('audience tips on the database', () => {
  it('says once that OP3 has delivered nothing for more than 3 days', async () => {
    t.clock.set('2027-03-10T09:00:00Z');
    await addCategories(t);
    const owner = await verifiedUser(t);
    const podcast = await createPodcast(owner.agent, { title: 'Funkstille' });
    const sourceId = await audienceSource(t, podcast.id, 'op3');
    const today = berlinDate(t.clock.now());
    const day = (back: number, downloads: number) => ({
      source_id: sourceId,
      podcast_id: podcast.id,
      day: addDays(today, -back),
      downloads,
    });
    await t.db
      .insertInto('audience_days')
      .values([day(7, 30), day(6, 25), day(5, 20)])
      .execute();
    const silent = () =>
      t.db
        .selectFrom('assistances')
        .select(['cause', 'subject'])
        .where('podcast_id', '=', podcast.id)
        .where('rule', '=', 'source-silent')
        .execute();

    await evaluateTips(t.ctx, podcast.id);
    await evaluateTips(t.ctx, podcast.id);
    expect(await silent()).toEqual([
      {
        cause: `source-silent:${sourceId}:${addDays(today, -5)}`,
        subject: 'Von OP3 kommen keine Zahlen mehr',
      },
    ]);

    // Yesterday's figure arrives: no new silence.
    await t.db.insertInto('audience_days').values(day(1, 40)).execute();
    await evaluateTips(t.ctx, podcast.id);
    expect(await silent()).toHaveLength(1);
  });
});
