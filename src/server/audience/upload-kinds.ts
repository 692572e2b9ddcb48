// What kind of table an upload is, decided before its columns are mapped and said in German in the
// preview; the podcaster may correct it, and the commit checks the correction against the file.
// Entscheidung AUD-20:
// - Episodes: a title or guid column (episode-table.ts names them) and downloads by age (`1d`,
//   `7 Days`, `First 24 hours`), or a title/guid that differs from row to row, or dates that
//   repeat (a row per episode and day, Apple's episode report). Stored per episode
//   (commit-episodes.ts), never as days: that would put each episode's total on its publication
//   day. A table that names no downloads (Apple's episode report counts plays and listening time)
//   is recognised, said to be not storable yet, and refused at the commit.
// - Weekly: every step between the dates a multiple of 7 days (at least 3 dates). Not stored:
//   audience days hold one figure per day, and a week's figure on its first day would read as a
//   day 7 times too large; the reason is said and nothing is guessed.
// - Running total: a downloads or plays column that never falls over at least 14 days and rises at
//   least 3 times (Spotify's 'PerformanceCombined', 0 → 23 over 584 days). Imported as the
//   differences from one day to the next (upload-running.ts), said so in the preview. A podcaster
//   whose growing show really never fell for two weeks corrects it to 'Zahlen je Tag'.
// - Not usable: no date column (and no episode table), or no column with a figure we store
//   (listening hours and follower changes alone are none): one sentence says what is missing.
import type { AudienceMapping, UploadKind } from '../../shared/audience.ts';
import { audienceMessages } from '../../shared/audience.ts';
import type { FieldErrors } from '../../shared/api.ts';
import { episodeColumns, readEpisodeTable } from './episode-table.ts';
import type { DayRow } from './store-days.ts';
import { isDuration, isFollowerChange } from './upload-meanings.ts';
import { normaliseName, type ParsedUpload } from './upload-parser.ts';
import { dateReader } from './upload-values.ts';

const RUNNING_MIN_DAYS = 14;
const RUNNING_MIN_RISES = 3;
const DAY_MS = 86_400_000;
const german = (n: number) => new Intl.NumberFormat('de-DE').format(n);
const germanDay = (day: string) => `${day.slice(8, 10)}.${day.slice(5, 7)}.${day.slice(0, 4)}`;

export const kindMessages = {
  daily: (days: number, first: string, last: string) =>
    `Zahlen je Tag: ${german(days)} ${days === 1 ? 'Tag' : 'Tage'} vom ${germanDay(first)} bis ${germanDay(last)}. Wir speichern jede Zahl an ihrem Tag.`,
  running: (name: string, first: number, last: number, days: number) =>
    `Eine laufende Summe: „${name}“ fällt an keinem Tag und wächst von ${german(first)} auf ${german(last)} in ${german(days)} Tagen. Wir speichern je Tag die Differenz zum Vortag; der erste Tag ist nur der Ausgangswert.`,
  weekly: (name: string) =>
    `Zahlen je Woche: Die Daten in „${name}“ liegen je 7 Tage oder ein Vielfaches davon auseinander. Hörerzahlen speichern Zahlen je Tag und erfinden keine Tage aus Wochenwerten; lade bitte den Export mit den Zahlen je Tag hoch.`,
  episodes: (rows: number) =>
    `Eine Tabelle je Folge: ${german(rows)} ${rows === 1 ? 'Zeile' : 'Zeilen'} mit Folge und Downloads nach Alter, keine Reihe je Tag. Wir speichern die Zahlen je Folge, zugeordnet den Folgen deines Feeds (nach GUID, sonst Titel, sonst Veröffentlichungstag).`,
  episodesMatched: (matched: number, rows: number) =>
    matched === rows
      ? 'Jede Zeile passt zu einer Folge deines Feeds.'
      : `${german(matched)} von ${german(rows)} Zeilen passen zu Folgen deines Feeds; die anderen listen wir beim Import mit dem Grund auf.`,
  episodesWithoutDownloads:
    'Eine Tabelle je Folge, erkannt, aber noch nicht speicherbar: Sie nennt keine Downloads (etwa nur Wiedergaben oder Hördauer), und je Folge speichern wir Downloads.',
  episodesPerDay:
    'Diese Tabelle hat eine Zeile je Folge und Tag (ein Datum steht mehrmals darin): Als Tage gelesen zählte an jedem Tag nur eine Folge.',
  noEpisodeReadable: 'In dieser Tabelle konnten wir keine Folge lesen.',
  noDate: audienceMessages.noDateColumn,
  noFigure:
    'Nicht verwendbar: In dieser Datei steht keine Spalte mit Downloads, Hörer:innen, Follower-Stand, Wiedergaben oder Durchhörrate in Prozent.',
  followerChanges: (name: string) =>
    `Nicht verwendbar: „${name}“ zählt die Änderung der Follower je Tag, nicht ihren Stand, und eine andere Kennzahl steht nicht in der Datei.`,
  unusable: 'Diese Datei importieren wir nicht. Lade bitte einen Export mit einer Zeile je Tag hoch.',
  notWeekly: (name: string) =>
    `Die Daten in „${name}“ liegen nicht je 7 Tage auseinander: keine Wochenreihe.`,
  noEpisodes: 'In dieser Datei steht keine Spalte mit dem Titel oder der GUID einer Folge.',
  episodesByAge:
    'Diese Tabelle nennt Downloads nach dem Alter der Folgen (etwa 1 Tag, 7 Tage): eine Tabelle je Folge. Als Tage gelesen stünde jede Folge mit ihrer Summe an ihrem Veröffentlichungstag.',
  falls: (name: string, day: string, from: number, to: number) =>
    `„${name}“ fällt am ${germanDay(day)} von ${german(from)} auf ${german(to)}: Eine laufende Summe fällt nie. Wähle „Zahlen je Tag“.`,
  runningNeedsCount:
    'Als laufende Summe lesen wir Downloads oder Wiedergaben: Ordne einer davon eine Spalte zu.',
  runningSeries: (series: string) =>
    `${series} einer laufenden Summe lassen sich nicht in Tage zerlegen. Lass das Feld leer oder wähle „Zahlen je Tag“.`,
};

export type KindGuess = { kind: UploadKind; message: string };

const cellsOf = (parsed: ParsedUpload, name: string) => {
  const at = parsed.columns.findIndex((c) => c.name === name);
  return parsed.records.map((r) => r.cells[at] ?? '');
};

/** The distinct days of the date column, sorted, and whether a day repeats. */
function daysOf(parsed: ParsedUpload, dateColumn: string) {
  const cells = cellsOf(parsed, dateColumn);
  const read = dateReader(cells);
  const days = cells.map(read).filter((d): d is string => d !== null);
  const distinct = [...new Set(days)].sort();
  return { distinct, repeats: distinct.length < days.length };
}

/** Every step between the sorted days a multiple of 7 (at least 3 days). */
export function isWeekly(days: readonly string[]) {
  const times = days.map((d) => Date.parse(`${d}T00:00:00Z`));
  const steps = times.slice(1).map((t, i) => Math.round((t - times[i]!) / DAY_MS));
  return steps.length >= 2 && steps.every((step) => step >= 7 && step % 7 === 0);
}

/** The first fall of a column's figures in day order, or null; with how often it rises. */
export function runningShape(rows: readonly DayRow[], series: 'downloads' | 'plays') {
  const sorted = [...rows].sort((a, b) => a.day.localeCompare(b.day));
  const values = sorted.flatMap((row) =>
    typeof row[series] === 'number' ? [{ day: row.day, value: row[series] }] : [],
  );
  const fall = values.findIndex((v, i) => i > 0 && v.value < values[i - 1]!.value);
  const rises = values.filter((v, i) => i > 0 && v.value > values[i - 1]!.value).length;
  return {
    values,
    fall:
      fall < 0 ? null : { day: values[fall]!.day, from: values[fall - 1]!.value, to: values[fall]!.value },
    running: fall < 0 && values.length >= RUNNING_MIN_DAYS && rises >= RUNNING_MIN_RISES,
  };
}

// An episode's title or guid where episode-table.ts finds no figure it reads (Apple's episode
// report counts `Plays`, which it does not take for downloads).
const EPISODE_NAME =
  /^(episode title|episode name|episode guid|episode|title|titel|folge|folgentitel|name|guid|slug)$/;

/** A title or guid column (text), and whether the table gives downloads by age. */
function episodesByAge(parsed: ParsedUpload) {
  const columns = episodeColumns(parsed.columns);
  const named = parsed.columns.findIndex(
    (c) => c.kind === 'text' && EPISODE_NAME.test(normaliseName(c.name)),
  );
  const id = columns?.guid ?? columns?.title ?? (named < 0 ? null : named);
  if (id === null || parsed.columns[id]?.kind !== 'text') return null;
  return { id, byAge: [...(columns?.ages.keys() ?? [])].some((age) => age > 0) };
}

/** An episode table: a title/guid column and ages, titles that differ from row to row, or repeated dates. */
function looksLikeEpisodes(parsed: ParsedUpload, repeatedDates: boolean) {
  const episodes = episodesByAge(parsed);
  if (!episodes) return false;
  if (episodes.byAge || repeatedDates) return true;
  const { id } = episodes;
  const names = parsed.records.map((r) => r.cells[id] ?? '').filter((c) => c !== '');
  return names.length >= 2 && new Set(names).size >= names.length * 0.8;
}

/** The kind of the file under the guessed (or remembered) mapping, with its German sentence. */
export function guessKind(
  parsed: ParsedUpload,
  mapping: Partial<AudienceMapping>,
  readRows: (mapping: AudienceMapping) => DayRow[],
): KindGuess {
  const dated = mapping.date ? daysOf(parsed, mapping.date) : null;
  if (looksLikeEpisodes(parsed, dated?.repeats ?? false)) {
    const storable = episodeColumns(parsed.columns) !== null;
    const message = storable
      ? kindMessages.episodes(parsed.records.length)
      : kindMessages.episodesWithoutDownloads;
    return { kind: 'episodes', message };
  }
  if (!mapping.date || !dated?.distinct.length) return { kind: 'unusable', message: kindMessages.noDate };
  const figures = parsed.columns.filter((c) => c.kind === 'number');
  const usable = figures.filter((c) => !isDuration(c.name) && !isFollowerChange(c.name));
  if (usable.length === 0) {
    const change = figures.find((c) => isFollowerChange(c.name));
    return {
      kind: 'unusable',
      message: change ? kindMessages.followerChanges(change.name) : kindMessages.noFigure,
    };
  }
  if (isWeekly(dated.distinct)) return { kind: 'weekly', message: kindMessages.weekly(mapping.date) };
  const counts = (['downloads', 'plays'] as const).filter((s) => mapping[s]);
  if (counts.length) {
    const rows = readRows({ date: mapping.date, ...Object.fromEntries(counts.map((s) => [s, mapping[s]])) });
    for (const series of counts) {
      const shape = runningShape(rows, series);
      if (shape.running) {
        const { values } = shape;
        return {
          kind: 'running_total',
          message: kindMessages.running(
            mapping[series]!,
            values[0]!.value,
            values.at(-1)!.value,
            values.length,
          ),
        };
      }
    }
  }
  const { distinct } = dated;
  return { kind: 'daily', message: kindMessages.daily(distinct.length, distinct[0]!, distinct.at(-1)!) };
}

/**
 * German errors when the chosen kind cannot be imported or does not fit the file: checked before
 * the rows are read (`rows` null) and again with them.
 */
export function checkKind(
  kind: UploadKind,
  parsed: ParsedUpload,
  mapping: AudienceMapping,
  rows: readonly DayRow[] | null,
): FieldErrors | null {
  if (kind === 'unusable') return { kind: [kindMessages.unusable] };
  if (kind === 'episodes') {
    if (!episodesByAge(parsed)) return { kind: [kindMessages.noEpisodes] };
    return readEpisodeTable(parsed) ? null : { kind: [kindMessages.episodesWithoutDownloads] };
  }
  const episodes = episodesByAge(parsed);
  if (episodes?.byAge) return { kind: [kindMessages.episodesByAge] };
  const dated = daysOf(parsed, mapping.date);
  if (episodes && dated.repeats) return { kind: [kindMessages.episodesPerDay] };
  const weekly = isWeekly(dated.distinct);
  if (kind === 'weekly')
    return { kind: [weekly ? kindMessages.weekly(mapping.date) : kindMessages.notWeekly(mapping.date)] };
  if (weekly) return { kind: [kindMessages.weekly(mapping.date)] };
  if (kind !== 'running_total') return null;
  const errors: FieldErrors = {};
  if (!mapping.downloads && !mapping.plays) errors.kind = [kindMessages.runningNeedsCount];
  if (mapping.listeners) errors['mapping.listeners'] = [kindMessages.runningSeries('Hörer:innen')];
  if (mapping.consumption) errors['mapping.consumption'] = [kindMessages.runningSeries('Anteile')];
  for (const series of ['downloads', 'plays'] as const) {
    const fall = rows && mapping[series] ? runningShape(rows, series).fall : null;
    if (fall) errors.kind = [kindMessages.falls(mapping[series]!, fall.day, fall.from, fall.to)];
  }
  return Object.keys(errors).length ? errors : null;
}
