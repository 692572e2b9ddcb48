// Which values of a podcast's metrics history are an experiment's 'before' and 'after', each from
// the experiment's own time and with the days it stands for (decisions 2026-12-07):
// - A typed value (evaluation or plain entry, both what the team measured then): 'before' is the
//   newest recorded on or before the first day, 'after' the first recorded on or after the last
//   day (a value typed months later belongs to its own time, not to this experiment's end).
// - A value taken from a source sums up a month (audience/source-metrics.ts): 'before' is the last
//   month wholly before the first day, 'after' the first month wholly after the last day, each
//   with the month's days. A metric with such months on both sides takes them over typed values.
export type MetricRow = {
  id: number;
  metric: string;
  value: number;
  recorded_on: string;
  /** The audience source it was taken from; null or absent: typed. */
  source?: string | null;
  /** What a source's reach counts ('followers', 'downloads_per_week'). */
  measure?: string | null;
};
export type Side = { row: MetricRow; from: string; to: string };

/** The newest (with `first`: the oldest) row per metric among `rows`, by day, then by id. */
function pick(rows: MetricRow[], first = false) {
  const by = new Map<string, MetricRow>();
  const later = (a: MetricRow, b: MetricRow) =>
    a.recorded_on > b.recorded_on || (a.recorded_on === b.recorded_on && a.id > b.id);
  for (const row of rows) {
    const seen = by.get(row.metric);
    if (!seen || (first ? later(seen, row) : later(row, seen))) by.set(row.metric, row);
  }
  return by;
}

const month = (day: string) => day.slice(0, 7);
const typedSide = (row: MetricRow): Side => ({ row, from: row.recorded_on, to: row.recorded_on });
const monthSide = (row: MetricRow): Side => ({
  row,
  from: `${month(row.recorded_on)}-01`,
  to: row.recorded_on,
});

/** Per metric its 'before' and 'after'. */
export function effectSides(rows: MetricRow[], startsAt: string, endsAt: string) {
  const typed = rows.filter((r) => !r.source);
  const months = rows.filter((r) => r.source);
  const before = new Map<string, Side>();
  const after = new Map<string, Side>();
  for (const [key, row] of pick(typed.filter((r) => r.recorded_on <= startsAt)))
    before.set(key, typedSide(row));
  for (const [key, row] of pick(
    typed.filter((r) => r.recorded_on >= endsAt),
    true,
  ))
    after.set(key, typedSide(row));
  const monthAfter = pick(
    months.filter((r) => month(r.recorded_on) > month(endsAt)),
    true,
  );
  for (const [key, row] of pick(months.filter((r) => month(r.recorded_on) < month(startsAt)))) {
    const next = monthAfter.get(key);
    if (!next) continue;
    before.set(key, monthSide(row));
    after.set(key, monthSide(next));
  }
  return { before, after };
}
