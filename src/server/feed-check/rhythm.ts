// The publishing rhythm read from the feed's dates: the median interval between episodes, how
// regular it is (the share of intervals within half the median of it), the days since the last
// episode and the usual weekday (Berlin), plus episodes and mean duration per month for the chart.
import { berlinDate } from '../../shared/calendar.ts';
import type { Rhythm } from '../../shared/feed-check.ts';
import type { RawFinding } from './finding.ts';

const DAY = 86_400_000;
/** The chart's months: the last year of publishing. */
const MONTHS = 12;

type Dated = { publishedAt: string | null; duration: number | null };

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

const round1 = (n: number) => Math.round(n * 10) / 10;
const monthOf = (at: Date) => berlinDate(at).slice(0, 7);

/**
 * The chart's months (yyyy-MM), oldest first: the last MONTHS calendar months up to the newest
 * episode's, from the first episode's at the earliest, months without an episode included (a
 * pause shows as an empty bar, and the table says 0). They end at the newest episode, not today:
 * 'Seit der letzten Folge' says the pause since, and one feed gives one chart whenever it is
 * checked (Entscheidung FC-2).
 */
export function chartMonths(first: string, last: string): string[] {
  const months: string[] = [];
  let [year, month] = last.split('-').map(Number) as [number, number];
  for (let i = 0; i < MONTHS; i++) {
    const key = `${year}-${String(month).padStart(2, '0')}`;
    if (key < first) break;
    months.unshift(key);
    if (--month === 0) [year, month] = [year - 1, 12];
  }
  return months;
}

export function rhythmOf(items: Dated[], now: Date): Rhythm {
  const dated = items
    .filter((i): i is { publishedAt: string; duration: number | null } => i.publishedAt !== null)
    .map((i) => ({ at: new Date(i.publishedAt), duration: i.duration }))
    .filter((i) => i.at.getTime() <= now.getTime())
    .sort((a, b) => a.at.getTime() - b.at.getTime());
  const intervals = dated.slice(1).map((e, i) => (e.at.getTime() - dated[i]!.at.getTime()) / DAY);
  const medianDays = intervals.length > 0 ? median(intervals) : null;
  const regularity =
    medianDays === null || medianDays === 0
      ? null
      : intervals.filter((d) => Math.abs(d - medianDays) <= medianDays / 2).length / intervals.length;
  const last = dated.at(-1);
  // The weekday of each episode in Berlin: yyyy-MM-dd read as UTC noon keeps the calendar day.
  const weekdays = dated.map((e) => new Date(`${berlinDate(e.at)}T12:00:00Z`).getUTCDay());
  const counts = new Map<number, number>();
  for (const day of weekdays) counts.set(day, (counts.get(day) ?? 0) + 1);
  const [topDay, topCount] = [...counts].sort((a, b) => b[1] - a[1] || a[0] - b[0])[0] ?? [null, 0];
  const byMonth = new Map<string, { episodes: number; seconds: number; timed: number }>();
  for (const e of dated) {
    const month = monthOf(e.at);
    const entry = byMonth.get(month) ?? { episodes: 0, seconds: 0, timed: 0 };
    entry.episodes++;
    if (e.duration !== null) {
      entry.seconds += e.duration;
      entry.timed++;
    }
    byMonth.set(month, entry);
  }
  const first = dated[0];
  const months = (first && last ? chartMonths(monthOf(first.at), monthOf(last.at)) : []).map((month) => {
    const m = byMonth.get(month);
    return {
      month,
      episodes: m?.episodes ?? 0,
      minutes: m && m.timed > 0 ? Math.round(m.seconds / m.timed / 60) : null,
    };
  });
  return {
    episodes: dated.length,
    median_days: medianDays === null ? null : round1(medianDays),
    regularity: regularity === null ? null : Math.round(regularity * 100) / 100,
    days_since_last: last ? Math.floor((now.getTime() - last.at.getTime()) / DAY) : null,
    last_gap_days: intervals.length > 0 ? Math.round(intervals.at(-1)!) : null,
    weekday: topDay !== null && topCount * 2 >= dated.length ? topDay : null,
    months,
  };
}

/** Irregular publishing and a pause longer than the usual rhythm, from at least five dated episodes. */
export function rhythmFindings(rhythm: Rhythm): RawFinding[] {
  const findings: RawFinding[] = [];
  if (rhythm.episodes < 5 || rhythm.median_days === null) return findings;
  if (rhythm.regularity !== null && rhythm.regularity < 0.5) {
    findings.push({
      key: 'rhythm_irregular',
      severity: 'warning',
      message: `Nur ${Math.round(rhythm.regularity * 100)} % deiner Folgen kommen im üblichen Abstand von etwa ${Math.round(rhythm.median_days)} Tagen. Ein fester Rhythmus macht Hören zur Gewohnheit.`,
      practices: [93, 99],
    });
  }
  const gap = rhythm.days_since_last;
  if (gap !== null && gap > Math.max(14, 2 * rhythm.median_days)) {
    findings.push({
      key: 'rhythm_gap',
      severity: 'warning',
      message: `Die letzte Folge ist ${gap} Tage alt, sonst kommt etwa alle ${Math.round(rhythm.median_days)} Tage eine. Sag deinen Hörer*innen, wann es weitergeht, oder plane eine Staffelpause bewusst.`,
      practices: [93, 94, 99],
    });
  }
  return findings;
}
