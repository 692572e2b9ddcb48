// What the audience tips read (audience-rules.ts): the podcast's sources with their newest day,
// and its newest release whose first 7 days have passed in the last week, measured against the
// baseline (the downloads its usual pattern and release curve expected). Nothing is read past the
// sources when the podcast has none (Entscheidung TIPS-2).
import type { AudienceEffect } from '../../../shared/audience.ts';
import { addDays } from '../../../shared/calendar.ts';
import { readAudienceDays, readReleases } from '../../audience/audience-days.ts';
import { BASELINE_MAX } from '../../audience/baseline-effect.ts';
import { measureBaseline } from '../../audience/baseline-memo.ts';
import { RELEASE_HORIZON } from '../../audience/baseline-model.ts';
import type { Database } from '../../db/database.ts';

/** A release's first days that are compared with what was expected. */
export const RELEASE_WINDOW = 7;

export type TipAudience = {
  sources: { id: number; type: string; newest_day: string | null; created_at: string }[];
  /** Release days of the last two weeks (the rules' due days). */
  recent: string[];
  release: { day: string; title: string; effect: AudienceEffect } | null;
};

export async function tipAudience(
  db: Database,
  podcastId: number,
  today: string,
): Promise<TipAudience | undefined> {
  const sources = await db
    .selectFrom('audience_sources as s')
    .select(['s.id', 's.type', 's.created_at'])
    .select((eb) =>
      eb
        .selectFrom('audience_days as d')
        .select((d) => d.fn.max('d.day').as('newest'))
        .whereRef('d.source_id', '=', 's.id')
        .as('newest_day'),
    )
    .where('s.podcast_id', '=', podcastId)
    .execute();
  if (sources.length === 0) return undefined;
  const recent = await readReleases(db, podcastId, { from: addDays(today, -14), to: today });
  const done = recent
    .filter((r) => addDays(r.day, RELEASE_WINDOW) <= today && addDays(r.day, RELEASE_WINDOW + 7) > today)
    .at(-1);
  let release: TipAudience['release'] = null;
  if (done) {
    const end = addDays(done.day, RELEASE_WINDOW - 1);
    const from = addDays(done.day, -BASELINE_MAX);
    const [days, releases] = await Promise.all([
      readAudienceDays(db, podcastId, { from, to: end }),
      readReleases(db, podcastId, { from: addDays(from, -RELEASE_HORIZON), to: end }),
    ]);
    const effect = measureBaseline({
      days: days.filter((d) => d.downloads !== null),
      releases: releases.map((r) => r.day),
      start: done.day,
      end,
      today,
    });
    if (effect.enough_data) release = { day: done.day, title: done.title, effect };
  }
  return {
    sources: sources.map((s) => ({
      id: s.id,
      type: s.type,
      newest_day: (s.newest_day as string | null) ?? null,
      created_at: s.created_at,
    })),
    recent: recent.map((r) => r.day),
    release,
  };
}
