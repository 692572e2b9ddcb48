// The control series for an experiment's effect (baseline-control.ts): other podcasts' downloads
// over the same days, read, combined and measured like a podcast. Entscheidung AUD-29:
// - podcasts whose owners chose 'Meine Messungen nicht für andere verwenden' are never read;
// - at most MAX_CONTROL podcasts (those with the most baseline days, then the newest ids): a
//   control of hundreds tells no more about a shock all of them felt, and the read stays bounded
//   (one indexed range over the days, audience_days_day);
// - where two sources give a podcast's day, OP3's wins, as in audience-days.ts.
import { addDays } from '../../shared/calendar.ts';
import type { Db } from '../db/database.ts';
import { combineControl, MIN_CONTROL, type CommonShock } from './baseline-control.ts';
import { BASELINE_MAX, MIN_BASELINE } from './baseline-effect.ts';
import { measureBaseline } from './baseline-memo.ts';

/** The podcast setting 'Meine Messungen nicht für andere verwenden' (value '1'). */
export const PRIVATE_SETTING = 'measurements_private';
const MAX_CONTROL = 200;
/** The combined pattern (about 1 a day) as counts for the model: large, so rounding is no noise. */
const SCALE = 10_000;

type Window = { from: string; baselineEnd: string; to: string };

/** The combined daily pattern of other podcasts over `start`'s baseline and run, or null. */
export async function readControl(db: Db, podcastId: number, start: string, end: string) {
  const window: Window = { from: addDays(start, -BASELINE_MAX), baselineEnd: addDays(start, -1), to: end };
  const candidates = await db
    .selectFrom('audience_days')
    .select(['podcast_id', (eb) => eb.fn.countAll<number>().as('days')])
    .where('day', '>=', window.from)
    .where('day', '<=', window.baselineEnd)
    .where('downloads', 'is not', null)
    .where('podcast_id', '!=', podcastId)
    .where((eb) =>
      eb(
        'podcast_id',
        'not in',
        eb
          .selectFrom('podcast_settings')
          .select('podcast_id')
          .where('key', '=', PRIVATE_SETTING)
          .where('value', '=', '1'),
      ),
    )
    .groupBy('podcast_id')
    .having((eb) => eb.fn.countAll(), '>=', MIN_BASELINE)
    .orderBy('days', 'desc')
    .orderBy('podcast_id', 'desc')
    .limit(MAX_CONTROL)
    .execute();
  if (candidates.length < MIN_CONTROL) return null;
  const rows = await db
    .selectFrom('audience_days as d')
    .innerJoin('audience_sources as s', 's.id', 'd.source_id')
    .select(['d.podcast_id', 'd.day', 'd.downloads', 's.type'])
    .where('d.day', '>=', window.from)
    .where('d.day', '<=', window.to)
    .where('d.downloads', 'is not', null)
    .where(
      'd.podcast_id',
      'in',
      candidates.map((c) => c.podcast_id),
    )
    .execute();
  const byPodcast = new Map<number, Map<string, { downloads: number; op3: boolean }>>();
  for (const row of rows) {
    const days = byPodcast.get(row.podcast_id) ?? new Map();
    byPodcast.set(row.podcast_id, days);
    const known = days.get(row.day);
    if (!known || (!known.op3 && row.type === 'op3'))
      days.set(row.day, { downloads: row.downloads!, op3: row.type === 'op3' });
  }
  return combineControl(
    [...byPodcast.values()].map((days) => [...days].map(([date, d]) => ({ date, downloads: d.downloads }))),
    window,
    MIN_BASELINE,
  );
}

/** The control measured like a podcast over the same start, end and today: the common shock. */
export function measureControl(
  control: { podcasts: number; days: { date: string; value: number }[] } | null,
  span: { start: string; end: string; today?: string },
): CommonShock | null {
  if (!control) return null;
  const effect = measureBaseline({
    days: control.days.map((d) => ({ date: d.date, downloads: Math.round(d.value * SCALE) })),
    releases: [],
    ...span,
  });
  if (!effect.enough_data || !effect.interval) return null;
  return {
    podcasts: control.podcasts,
    days: effect.days.map(({ date, observed, expected }) => ({ date, observed, expected })),
    interval: effect.interval,
  };
}
