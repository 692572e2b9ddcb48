// The rules read the other slices' data: the recommendation engine's best method in the welcome,
// experiments (starting, ending, ended without final evaluation) and bookmarks never started.
import { describe, expect, it } from 'vitest';
import { addDays, berlinDate } from '../../../src/shared/calendar.ts';
import { evaluateTips } from '../../../src/server/engine/tips/evaluate-tips.ts';
import { bestPractices } from '../../../src/server/practices/recommend.ts';
import { verifiedUser } from '../helpers/accounts.ts';
import { createTestApp } from '../helpers/test-app.ts';
import { createPodcast } from '../podcasts/podcast-helpers.ts';

describe('tips from experiments, recommendations and bookmarks', () => {
  it(
    'names the best method in the welcome and follows experiments and bookmarks',
    { timeout: 120_000 },
    async () => {
      const t = await createTestApp({ seed: true });
      const owner = await verifiedUser(t);
      const podcast = await createPodcast(owner.agent, { title: 'Quellenfunk', category_id: [1, 2] });
      // The creation's own evaluation (debounced, after the answer) first, so the two never race.
      await t.jobs.tipSweep.runOnce();
      await evaluateTips(t.ctx, podcast.id);
      const [best] = await bestPractices(t.db, podcast.id, 1, t.clock.now());
      const welcome = await t.db
        .selectFrom('assistances')
        .select('message')
        .where('podcast_id', '=', podcast.id)
        .where('cause', '=', 'welcome')
        .executeTakeFirstOrThrow();
      expect(welcome.message).toContain(`**${best!.title}**`);
      expect(welcome.message).toContain(`- ${best!.reasons[0]}`);

      const today = berlinDate(t.clock.now());
      const now = t.clock.now().toISOString();
      const experiment = (values: {
        title: string;
        starts_at: string;
        ends_at: string;
        practice_id: number;
      }) =>
        t.db
          .insertInto('experiments')
          .values({
            podcast_id: podcast.id,
            user_id: owner.id,
            notes: null,
            created_at: now,
            updated_at: now,
            ...values,
          })
          .returning('id')
          .executeTakeFirstOrThrow();
      const starting = await experiment({
        title: 'Start',
        practice_id: 2,
        starts_at: today,
        ends_at: addDays(today, 14),
      });
      const ending = await experiment({
        title: 'Ende',
        practice_id: 3,
        starts_at: addDays(today, -10),
        ends_at: addDays(today, 3),
      });
      const ended = await experiment({
        title: 'Vorbei',
        practice_id: 4,
        starts_at: addDays(today, -20),
        ends_at: addDays(today, -2),
      });
      const evaluated = await experiment({
        title: 'Ausgewertet',
        practice_id: 5,
        starts_at: addDays(today, -20),
        ends_at: addDays(today, -2),
      });
      await t.db
        .insertInto('podcast_metrics')
        .values({
          podcast_id: podcast.id,
          metric: 'coverage',
          value: 100,
          recorded_on: addDays(today, -1),
          created_at: now,
          user_id: owner.id,
          experiment_id: evaluated.id,
          evaluation: 'final',
        })
        .execute();
      const old = new Date(t.clock.now().getTime() - 20 * 86_400_000).toISOString();
      await t.db
        .insertInto('practice_bookmarks')
        .values([
          { podcast_id: podcast.id, practice_id: 6, user_id: owner.id, created_at: old },
          // Bookmarked and started: no reminder.
          { podcast_id: podcast.id, practice_id: 2, user_id: owner.id, created_at: old },
        ])
        .execute();

      const created = (await evaluateTips(t.ctx, podcast.id)).map((c) => c.cause).sort();
      expect(created).toEqual(
        [
          `experiment-starting:${starting.id}`,
          `experiment-ending:${ending.id}`,
          `experiment-unevaluated:${ended.id}`,
          'bookmark-idle:6',
        ].sort(),
      );
      expect(await evaluateTips(t.ctx, podcast.id)).toEqual([]);
    },
  );
});
