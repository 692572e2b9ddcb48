// The audience contract: listener numbers from outside sources (OP3, uploaded exports) and the
// effect of an experiment against the downloads expected without it. Shared by the server's
// routes (src/server/audience/) and the client (src/client/features/audience/).
import { z } from 'zod';
import { collection, isoDate, resource } from './api.ts';

import {
  audienceSourceStatus,
  audienceSourceType,
  OP3_TOKEN_MAX,
  UPLOAD_MAX_CELLS,
  UPLOAD_MAX_COLUMNS,
  UPLOAD_MAX_ROW_CHARS,
  uploadKinds,
} from './audience-vocabulary.ts';

const german = (n: number) => new Intl.NumberFormat('de-DE').format(n);

// The words and limits live zod-free in audience-vocabulary.ts (the client's screens import them).
export {
  audienceSeries,
  audienceSeriesLabels,
  audienceSourceStatus,
  audienceSourceType,
  OP3_TOKEN_MAX,
  UPLOAD_MAX_BYTES,
  UPLOAD_MAX_CELLS,
  UPLOAD_MAX_COLUMNS,
  UPLOAD_MAX_ROW_CHARS,
  uploadKindLabels,
  uploadKinds,
  type AudienceSeries,
  type UploadKind,
} from './audience-vocabulary.ts';

export const audienceSource = z.object({
  id: z.number(),
  type: z.enum(audienceSourceType),
  /** The token's last four characters ('endet auf …1a2b'); null for uploads. */
  token_hint: z.string().nullable(),
  show_title: z.string().nullable(),
  status: z.enum(audienceSourceStatus),
  message: z.string().nullable(),
  last_fetched_at: z.string().nullable(),
  first_day: isoDate.nullable(),
  last_day: isoDate.nullable(),
});
export type AudienceSource = z.infer<typeof audienceSource>;
export const audienceSourceResource = resource(audienceSource);
export const audienceSourceCollection = collection(audienceSource);

/**
 * The token as it travels in `Authorization: Bearer …`: RFC 6750's token characters (OP3's are
 * base58). Entscheidung SHR-3: checked at the field, so the form says what is wrong. Spaces and
 * line breaks around a pasted token are trimmed first.
 */
const BEARER_TOKEN = /^(?:[A-Za-z0-9\-._~+/]+=*)?$/; // empty: min(1) says so
const tokenCharacters =
  'Das Token enthält Zeichen, die in keinem OP3-Token vorkommen (etwa Leerzeichen oder Zeilenumbrüche). Kopiere es erneut von op3.dev/api/keys.';

export const connectOp3Body = z.object({
  type: z.literal('op3', { error: 'Diese Datenquelle gibt es nicht.' }),
  token: z
    .string({ error: 'Bitte füge dein OP3-API-Token ein.' })
    .trim()
    .min(1, 'Bitte füge dein OP3-API-Token ein.')
    .max(OP3_TOKEN_MAX, `Das Token darf höchstens ${OP3_TOKEN_MAX} Zeichen lang sein.`)
    .regex(BEARER_TOKEN, tokenCharacters),
});
export type ConnectOp3Body = z.infer<typeof connectOp3Body>;

export const uploadColumn = z.object({
  name: z.string(),
  kind: z.enum(['date', 'number', 'text']),
  samples: z.array(z.string()),
  /** German: what the column means beyond its kind (hours of listening, a sum of two others …). */
  note: z.string().optional(),
});
export type UploadColumn = z.infer<typeof uploadColumn>;

/** Which column feeds which series; `date` is required, every series optional. */
export const audienceMapping = z.object({
  date: z
    .string({ error: 'Bitte wähle die Spalte mit dem Datum.' })
    .min(1, 'Bitte wähle die Spalte mit dem Datum.'),
  downloads: z.string().nullish(),
  listeners: z.string().nullish(),
  followers: z.string().nullish(),
  plays: z.string().nullish(),
  consumption: z.string().nullish(),
});
export type AudienceMapping = z.infer<typeof audienceMapping>;

/** One report of an upload: a CSV/TSV file is one, Apple's zip one per tab-delimited report in it. */
export const uploadReport = z.object({
  /** The file's name (a report in a zip: its name without any folder). */
  name: z.string(),
  /** What kind of table it is, as guessed from the file. */
  kind: z.enum(uploadKinds),
  /** German, one or two sentences: what the table is and what importing it does, or why not. */
  kind_message: z.string(),
  columns: z.array(uploadColumn),
  /** Data rows in the file (the header not counted). */
  rows: z.number(),
  /** Guessed from the columns, or the one remembered for a file of the same shape. */
  mapping: audienceMapping.partial(),
});
export type UploadReport = z.infer<typeof uploadReport>;

/**
 * A report's fields on top (a CSV/TSV file's one; of a zip, the first that can be imported), and
 * a zip's reports in `reports` (empty for a single file: its answer stays as small as before).
 */
export const audienceUploadResource = resource(
  uploadReport.extend({ id: z.number(), reports: z.array(uploadReport) }),
);

export const commitUploadBody = z.object({
  mapping: audienceMapping,
  /** The podcaster's correction of the guessed kind; the guess when left out. */
  kind: z.enum(uploadKinds, { error: 'Diese Art von Tabelle gibt es nicht.' }).optional(),
  /** Which report of a zip (its name in `reports`); the first when left out. */
  report: z.string().max(200).optional(),
});
export const commitUploadResource = resource(
  z.object({
    inserted: z.number(),
    updated: z.number(),
    unchanged: z.number(),
    /** The first unreadable rows (at most 100) with why. */
    errors: z.array(z.object({ line: z.number(), message: z.string() })),
    /** All unreadable rows. */
    error_count: z.number(),
  }),
);

export const audienceQuery = z.object({ from: isoDate.optional(), to: isoDate.optional() });

export const audienceDay = z.object({
  date: isoDate,
  downloads: z.number().nullable(),
  listeners: z.number().nullable(),
  followers: z.number().nullable(),
  plays: z.number().nullable(),
  consumption: z.number().nullable(),
  /** Which source type the day's figures came from. */
  source: z.enum(audienceSourceType),
});
export type AudienceDay = z.infer<typeof audienceDay>;

export const audienceResource = resource(
  z.object({
    days: z.array(audienceDay),
    episodes: z.array(
      z.object({ title: z.string(), published_on: isoDate.nullable(), downloads_7: z.number().nullable() }),
    ),
  }),
);

/** The effect on downloads against the expected baseline (GET /api/experiments/{id}/effect → audience). */
export const audienceEffect = z.object({
  enough_data: z.boolean(),
  /** German: what is missing (enough_data false) or what the result means. */
  message: z.string().nullable(),
  baseline_days: z.number(),
  observed: z.number().nullable(),
  expected: z.number().nullable(),
  /** Observed minus expected downloads over the run. */
  effect: z.number().nullable(),
  /** effect / expected as a fraction (0.2 = +20 %). */
  relative: z.number().nullable(),
  /** The 90 % interval of `relative`. */
  interval: z.tuple([z.number(), z.number()]).nullable(),
  days: z.array(
    z.object({
      date: isoDate,
      observed: z.number(),
      expected: z.number(),
      low: z.number(),
      high: z.number(),
    }),
  ),
});
export type AudienceEffect = z.infer<typeof audienceEffect>;

export const audienceMessages = {
  tokenInvalid: 'OP3 kennt dieses Token nicht. Prüfe es unter op3.dev/api/keys und füge es erneut ein.',
  showUnknown:
    'OP3 kennt deinen Podcast noch nicht. Setze das OP3-Präfix vor die Audio-Links deines Feeds und versuche es nach der ersten gezählten Folge erneut.',
  unreachable: 'OP3 ist gerade nicht erreichbar. Versuche es in ein paar Minuten erneut.',
  tokenCharacters,
  alreadyConnected: 'Diese Datenquelle ist schon verbunden.',
  sourceNotFound: 'Diese Datenquelle gibt es nicht.',
  uploadNotFound: 'Diesen Upload gibt es nicht (mehr). Lade die Datei erneut hoch.',
  uploadMissing: 'Bitte wähle eine CSV- oder TSV-Datei.',
  uploadEmpty: (name: string) =>
    `Die Datei „${name}“ ist leer. Lade den Export erneut herunter und wähle ihn noch einmal.`,
  reportUnknown: 'Diesen Bericht gibt es in der hochgeladenen Datei nicht.',
  uploadTooLarge: 'Die Datei ist zu groß. Erlaubt sind höchstens 5 MB.',
  uploadUnreadable:
    'Diese Datei können wir nicht lesen. Lade eine CSV- oder TSV-Datei mit einer Kopfzeile hoch.',
  noDateColumn: 'In dieser Datei haben wir keine Spalte mit Datumswerten gefunden.',
  tooManyColumns: (line: number) =>
    `Zeile ${line} hat mehr als ${UPLOAD_MAX_COLUMNS} Spalten. Lade eine Datei mit höchstens ${UPLOAD_MAX_COLUMNS} Spalten hoch, etwa nur mit Datum und Kennzahlen.`,
  rowTooLong: (line: number) =>
    `Zeile ${line} ist länger als ${german(UPLOAD_MAX_ROW_CHARS)} Zeichen. So lange Zeilen hat ein Export von Hörerzahlen nicht: Prüfe, ob es die richtige Datei ist.`,
  tooManyCells: `Diese Datei hat mehr als ${german(UPLOAD_MAX_CELLS)} Werte (Zeilen mal Spalten). Lade einen kürzeren Zeitraum oder weniger Spalten hoch.`,
  columnUnknown: 'Diese Spalte gibt es in der Datei nicht.',
  columnTaken: (series: string) =>
    `Diese Spalte ist schon „${series}“ zugeordnet. Eine Spalte zählt für eine Kennzahl.`,
  noSeries: 'Bitte ordne mindestens einer Kennzahl eine Spalte zu.',
  noFeed: 'Für OP3 braucht dein Podcast einen Feed. Trage zuerst die Feed-Adresse ein.',
};
