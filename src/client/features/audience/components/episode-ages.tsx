// 'Folgen im Vergleich': the feed's episodes side by side at equal age (first day, 7 days, 30 days,
// so far), sortable by any column; an episode no source counts is marked, and counted episodes the
// feed does not hold are named below. Decisions 2026-12-07: a figure at an age the episode has not
// reached yet is not shown (the server leaves it out: a 3-day-old episode's '7 days' would lose
// every comparison); the sort is the table's own (buttons in the column heads, aria-sort), newest
// first at the start.
import { useMemo, useState } from 'react';
import type { AudienceEpisode } from '../../../../shared/audience-episodes.ts';
import { WidgetCard } from '../../../components/widget-card.tsx';
import { useAudienceEpisodes } from '../api/get-audience-episodes.ts';
import { TableBox, tdNum, th, thNum } from './chart-box.tsx';
import { figure, germanDay } from './format.ts';

type Column = 'title' | 'published_on' | 'downloads_1' | 'downloads_7' | 'downloads_30' | 'downloads_all';
const columns: [Column, string][] = [
  ['title', 'Folge'],
  ['published_on', 'Erschienen'],
  ['downloads_1', '1 Tag'],
  ['downloads_7', '7 Tage'],
  ['downloads_30', '30 Tage'],
  ['downloads_all', 'Bisher'],
];
const sourceLabel = { op3: 'OP3', upload: 'Datei' } as const;

/** Sorted by `column`; episodes without a value come last either way. */
export function sortEpisodes(episodes: readonly AudienceEpisode[], column: Column, descending: boolean) {
  const value = (e: AudienceEpisode) => e[column];
  return [...episodes].sort((a, b) => {
    const [x, y] = [value(a), value(b)];
    if (x === null || y === null) return x === y ? 0 : x === null ? 1 : -1;
    const order = typeof x === 'string' ? x.localeCompare(y as string, 'de') : x - (y as number);
    return descending ? -order : order;
  });
}

export function EpisodeAgesSection({ podcastId }: { podcastId: number }) {
  const query = useAudienceEpisodes(podcastId);
  const [sort, setSort] = useState<{ column: Column; descending: boolean }>({
    column: 'published_on',
    descending: true,
  });
  const episodes = query.data?.episodes;
  const shown = useMemo(
    () => (episodes ? sortEpisodes(episodes, sort.column, sort.descending) : []),
    [episodes, sort],
  );
  const counted = episodes?.filter((e) => e.source !== null).length ?? 0;
  if (!query.data || counted === 0) return null;
  const missing = shown.length - counted;
  const unmatched = query.data.unmatched;
  return (
    <WidgetCard title="Folgen im Vergleich">
      <p className="text-sm text-slate-600">
        Downloads jeder Folge im gleichen Alter: am ersten Tag, in den ersten 7 und 30 Tagen und bisher. Ein
        Alter, das eine Folge noch nicht erreicht hat, bleibt leer.
        {missing > 0 &&
          ` ${missing === 1 ? 'Eine Folge' : `${missing} Folgen`} aus dem Feed ${missing === 1 ? 'hat' : 'haben'} keine Zahlen.`}
      </p>
      <TableBox label="Folgen im Vergleich, Tabelle">
        <table className="w-full text-left text-sm">
          <caption className="sr-only">Downloads der Folgen im gleichen Alter, sortierbar</caption>
          <thead className="sticky top-0 bg-white">
            <tr className="border-b border-slate-200 text-slate-600">
              {columns.map(([column, label]) => {
                const active = sort.column === column;
                return (
                  <th
                    key={column}
                    scope="col"
                    className={column === 'title' ? th : thNum}
                    aria-sort={active ? (sort.descending ? 'descending' : 'ascending') : 'none'}
                  >
                    <button
                      type="button"
                      className="underline decoration-dotted"
                      onClick={() =>
                        setSort({ column, descending: active ? !sort.descending : column !== 'title' })
                      }
                    >
                      {label}
                      {active && <span aria-hidden="true">{sort.descending ? ' ↓' : ' ↑'}</span>}
                    </button>
                  </th>
                );
              })}
            </tr>
          </thead>
          <tbody>
            {shown.map((e) => (
              <tr key={e.guid} className="border-b border-slate-100 last:border-0">
                <th scope="row" className="py-1 pr-2 font-normal text-slate-800">
                  {e.title}
                  <span className="block text-xs text-slate-500">
                    {e.source ? sourceLabel[e.source] : 'keine Zahlen'}
                  </span>
                </th>
                <td className={tdNum}>{e.published_on ? germanDay(e.published_on) : '–'}</td>
                <td className={tdNum}>{figure(e.downloads_1)}</td>
                <td className={tdNum}>{figure(e.downloads_7)}</td>
                <td className={tdNum}>{figure(e.downloads_30)}</td>
                <td className={tdNum}>{figure(e.downloads_all)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </TableBox>
      {unmatched.length > 0 && (
        <p className="text-sm text-slate-700">
          Nicht im Feed gefunden (weder GUID noch Titel noch Tag passen):{' '}
          {unmatched.map((u) => u.title ?? (u.published_on ? germanDay(u.published_on) : '?')).join(', ')}.
        </p>
      )}
    </WidgetCard>
  );
}
