// The three views of 'Hörerzahlen', each a chart with its table: the chosen series per day with
// the releases marked, its weekly sums, and the episodes side by side by their first 7 days.
import { useMemo } from 'react';
import { audienceSeriesLabels, type AudienceSeries } from '../../../../shared/audience-vocabulary.ts';
import { WidgetCard } from '../../../components/widget-card.tsx';
import { between, comparableEpisodes, weeklySums, type Day, type EpisodeWeek } from '../audience-figures.ts';
import { BarChart, DailyChart, TableBox, tdNum, th, thNum } from './chart-box.tsx';
import { dayWithWeekday, figure, germanDay, shortDay } from './format.ts';

type Props = { days: Day[]; series: AudienceSeries; from: string; to: string };

export function DailySection({ days, series, from, to, episodes }: Props & { episodes: EpisodeWeek[] }) {
  const shown = useMemo(() => between(days, from, to), [days, from, to]);
  const releases = useMemo(() => {
    const dates = episodes
      .map((e) => e.published_on)
      .filter((d): d is string => d !== null && d >= from && d <= to);
    return [...new Set(dates)].sort();
  }, [episodes, from, to]);
  const titles = useMemo(() => {
    const map = new Map<string, string[]>();
    for (const e of episodes)
      if (e.published_on) map.set(e.published_on, [...(map.get(e.published_on) ?? []), e.title]);
    return map;
  }, [episodes]);
  const data = useMemo(
    () => ({ days: shown.map((d) => ({ date: d.date, value: d[series] ?? null })), releases }),
    [shown, series, releases],
  );
  const label = audienceSeriesLabels[series];
  return (
    <WidgetCard title={`${label} pro Tag`}>
      <p className="text-sm text-slate-600">
        <span aria-hidden="true" className="mr-1 inline-block h-0.5 w-4 bg-brand-700 align-middle" />
        {label}
        {' · '}
        <span
          aria-hidden="true"
          className="mr-1 inline-block h-3 w-0 border-l-2 border-dashed border-amber-700 align-middle"
        />
        Veröffentlichung einer Folge ({releases.length})
      </p>
      <DailyChart data={data} testId="audience-daily-chart" />
      <TableBox label={`${label} pro Tag, Tabelle`}>
        <table className="w-full text-left text-sm">
          <caption className="sr-only">{`${label} pro Tag vom ${germanDay(from)} bis ${germanDay(to)}`}</caption>
          <thead className="sticky top-0 bg-white">
            <tr className="border-b border-slate-200 text-slate-600">
              <th scope="col" className={th}>
                Tag
              </th>
              <th scope="col" className={thNum}>
                {label}
              </th>
              <th scope="col" className={th + ' pl-3'}>
                Folge
              </th>
            </tr>
          </thead>
          <tbody>
            {[...shown].reverse().map((d) => (
              <tr key={d.date} className="border-b border-slate-100 last:border-0">
                <th scope="row" className="py-1 font-normal whitespace-nowrap text-slate-700">
                  {dayWithWeekday(d.date)}
                </th>
                <td className={tdNum}>{figure(d[series])}</td>
                <td className="py-1 pl-3 text-slate-700">{titles.get(d.date)?.join(', ') ?? ''}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </TableBox>
    </WidgetCard>
  );
}

export function WeeklySection({ days, series, from, to }: Props) {
  const weeks = useMemo(() => weeklySums(between(days, from, to), series), [days, series, from, to]);
  const data = useMemo(
    () => ({ labels: weeks.map((w) => shortDay(w.week)), values: weeks.map((w) => w.sum) }),
    [weeks],
  );
  const label = audienceSeriesLabels[series];
  return (
    <WidgetCard title={`${label} pro Woche`}>
      <p className="text-sm text-slate-600">
        Summe von Montag bis Sonntag; eine Woche mit Lücken ist markiert.
      </p>
      <BarChart data={data} testId="audience-weekly-chart" />
      <TableBox label={`${label} pro Woche, Tabelle`}>
        <table className="w-full text-left text-sm">
          <caption className="sr-only">{`${label} pro Woche`}</caption>
          <thead className="sticky top-0 bg-white">
            <tr className="border-b border-slate-200 text-slate-600">
              <th scope="col" className={th}>
                Woche ab
              </th>
              <th scope="col" className={thNum}>
                {label}
              </th>
              <th scope="col" className={thNum}>
                Tage mit Zahlen
              </th>
            </tr>
          </thead>
          <tbody>
            {[...weeks].reverse().map((w) => (
              <tr key={w.week} className="border-b border-slate-100 last:border-0">
                <th scope="row" className="py-1 font-normal text-slate-700">
                  {germanDay(w.week)}
                </th>
                <td className={tdNum}>{figure(w.sum)}</td>
                <td className={`${tdNum} ${w.days < 7 ? 'font-semibold text-amber-800' : ''}`}>
                  {w.days < 7 ? `${w.days} von 7` : '7'}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </TableBox>
    </WidgetCard>
  );
}

const MAX_EPISODES = 12;

export function EpisodesSection({
  episodes,
  from,
  today,
  counted,
}: {
  episodes: EpisodeWeek[];
  from: string;
  today: string;
  /** Counted per episode (OP3); else the server's estimate from the podcast's daily downloads. */
  counted: boolean;
}) {
  const shown = useMemo(
    () => comparableEpisodes(episodes, { from, today, max: MAX_EPISODES }),
    [episodes, from, today],
  );
  const data = useMemo(() => {
    const oldestFirst = shown.filter((e) => e.downloads_7 !== null).reverse();
    return {
      labels: oldestFirst.map((e) => shortDay(e.published_on!)),
      values: oldestFirst.map((e) => e.downloads_7),
    };
  }, [shown]);
  return (
    <WidgetCard title="Folgen in ihren ersten 7 Tagen">
      {shown.length === 0 ? (
        <p className="text-slate-700">
          In diesem Zeitraum ist keine Folge erschienen, deren erste 7 Tage schon vorbei sind.
        </p>
      ) : (
        <>
          {!counted && (
            <p className="text-sm text-slate-600">
              Geschätzt: alle Downloads deines Podcasts in den 7 Tagen ab der Veröffentlichung (je Folge
              gezählt werden sie mit OP3).
            </p>
          )}
          {data.values.length > 0 ? (
            <BarChart data={data} testId="audience-episodes-chart" />
          ) : (
            <p className="text-slate-700">Für diese Folgen fehlen Tageswerte aus ihren ersten 7 Tagen.</p>
          )}
          <TableBox label="Folgen in ihren ersten 7 Tagen, Tabelle">
            <table className="w-full text-left text-sm">
              <caption className="sr-only">Downloads der Folgen in ihren ersten 7 Tagen</caption>
              <thead className="sticky top-0 bg-white">
                <tr className="border-b border-slate-200 text-slate-600">
                  <th scope="col" className={th}>
                    Folge
                  </th>
                  <th scope="col" className={thNum}>
                    Erschienen
                  </th>
                  <th scope="col" className={thNum}>
                    Downloads in 7 Tagen
                  </th>
                </tr>
              </thead>
              <tbody>
                {shown.map((e) => (
                  <tr
                    key={`${e.published_on}-${e.title}`}
                    className="border-b border-slate-100 last:border-0"
                  >
                    <th scope="row" className="py-1 pr-2 font-normal text-slate-800">
                      {e.title}
                    </th>
                    <td className={tdNum}>{germanDay(e.published_on!)}</td>
                    <td className={tdNum}>{figure(e.downloads_7)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </TableBox>
        </>
      )}
    </WidgetCard>
  );
}
