// A synthetic podcast's series stored as a podcast's audience (an upload source's days, its releases
// as feed episodes), for the suites that measure effects on it.
import type { syntheticPodcast } from '../../support/synthetic-audience.ts';
import { audienceSource } from '../helpers/audience-source.ts';
import type { TestApp } from '../helpers/test-app.ts';

/** Stores a synthetic podcast's days as an upload source's and its releases as feed episodes. */
export async function storeSynthetic(
  app: TestApp,
  podcastId: number,
  podcast: ReturnType<typeof syntheticPodcast>,
  options: { from?: string } = {},
) {
  const sourceId = await audienceSource(app, podcastId);
  const days = podcast.days.filter((d) => d.downloads !== null && d.date >= (options.from ?? ''));
  for (let i = 0; i < days.length; i += 200) {
    await app.db
      .insertInto('audience_days')
      .values(
        days.slice(i, i + 200).map((d) => ({
          source_id: sourceId,
          podcast_id: podcastId,
          day: d.date,
          downloads: d.downloads,
        })),
      )
      .execute();
  }
  await app.db
    .insertInto('episodes')
    .values(
      podcast.releases.map((day, i) => ({
        podcast_id: podcastId,
        guid: `ep-${podcastId}-${i}`,
        title: `Folge ${i + 1}`,
        published_at: `${day}T06:00:00.000Z`,
      })),
    )
    .execute();
}
