// The downloads side of an experiment's effect: the podcast's daily downloads (merged across its
// sources) and its feed's releases, read once for all of `experiments`, measured against the
// baseline (audience/baseline-effect.ts). Entscheidung EXP-5: a podcast without a single day of
// downloads in the span gets null (its screen shows the typed metrics alone); one with some gets
// the answer, 'Zu wenig Daten' with what is missing included.
import type { AudienceEffect } from '../../shared/audience.ts';
import { addDays } from '../../shared/calendar.ts';
import { readAudienceDays, readReleases } from '../audience/audience-days.ts';
import { BASELINE_MAX } from '../audience/baseline-effect.ts';
import { measureBaseline } from '../audience/baseline-memo.ts';
import { measureControl, readControl } from '../audience/control-series.ts';
import { RELEASE_HORIZON } from '../audience/baseline-model.ts';
import type { Db } from '../db/database.ts';
import { overlapNote, readSpans } from './overlapping-experiments.ts';

type Span = { id: number; starts_at: string; ends_at: string };

/**
 * What the engine and the tips count as an experiment's effect, -1 to 1: the measured effect on
 * the downloads where there is one (raised: its relative effect, at least 0.05, so it 'worked';
 * no measurable difference or lowered: its estimate, at most 0, so it did not), else the typed
 * goal score (Entscheidung EXP-6).
 */
export function effectScore(
  effect: { goal_score: number | null; audience: AudienceEffect | null } | undefined,
) {
  const audience = effect?.audience;
  if (audience?.enough_data && audience.interval && audience.relative !== null) {
    const relative = Math.max(-1, Math.min(1, audience.relative));
    return audience.interval[0] > 0 ? Math.max(0.05, relative) : Math.min(0, relative);
  }
  return effect?.goal_score ?? null;
}

export async function loadAudienceEffects(
  db: Db,
  podcastId: number,
  experiments: Span[],
  today?: string,
): Promise<Map<number, AudienceEffect | null>> {
  const effects = new Map<number, AudienceEffect | null>();
  if (experiments.length === 0) return effects;
  const first = experiments.reduce(
    (min, e) => (e.starts_at < min ? e.starts_at : min),
    experiments[0]!.starts_at,
  );
  const last = experiments.reduce((max, e) => (e.ends_at > max ? e.ends_at : max), experiments[0]!.ends_at);
  const from = addDays(first, -BASELINE_MAX);
  const [days, releases, spans] = await Promise.all([
    readAudienceDays(db, podcastId, { from, to: last }),
    readReleases(db, podcastId, { from: addDays(from, -RELEASE_HORIZON), to: last }),
    readSpans(db, podcastId, first, last),
  ]);
  const downloads = days.filter((d) => d.downloads !== null);
  const releaseDays = releases.map((r) => r.day);
  for (const e of experiments) {
    const span = downloads.filter(
      (d) => d.date >= addDays(e.starts_at, -BASELINE_MAX) && d.date <= e.ends_at,
    );
    // Other podcasts over the same days: what all of them felt is not this experiment's.
    const common =
      span.length === 0
        ? null
        : measureControl(await readControl(db, podcastId, e.starts_at, e.ends_at), {
            start: e.starts_at,
            end: e.ends_at,
            today,
          });
    const effect =
      span.length === 0
        ? null
        : measureBaseline({
            days: span,
            releases: releaseDays,
            start: e.starts_at,
            end: e.ends_at,
            today,
            common,
          });
    // The measured answer is remembered (baseline-memo.ts): the note goes on a copy.
    const note = effect?.enough_data
      ? overlapNote(e.id, effect.days[0]!.date, effect.days.at(-1)!.date, spans)
      : '';
    effects.set(e.id, note ? { ...effect!, message: `${effect!.message} ${note}` } : effect);
  }
  return effects;
}
