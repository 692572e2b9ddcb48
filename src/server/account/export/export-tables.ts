// What 'Meine Daten herunterladen' puts in the archive: every table of the database is named here,
// either with the file it becomes (its columns, which rows belong to the account) or with why it
// holds nothing of the account's (tests/server/account/export-coverage.test.ts reads the
// database's own table list, so a new table fails that test until it is named here).
// Decision 2026-12-06:
// - Podcasts the account owns (its membership's role may delete the podcast, src/shared/roles.ts)
//   come whole: goals, stage, strategy, metrics, milestones, experiments with steps, comments,
//   events, tips, audience days by source, uploads and their mappings. In podcasts of others only
//   what the account itself wrote (comments, events, metrics); the team's shared work and other
//   members' data are theirs.
// - Columns are listed, never `*`: secrets, hashes and tokens (the password's hash, the session's
//   id, the OP3 token and its hint, invitation and reset tokens, Steady's tokens, push keys, image
//   keys) never leave the server. A new column reaches the archive only when it is added here.
import { sql, type ExpressionBuilder } from 'kysely';
import type { DB } from '../../db/schema.ts';

/** Whose rows: the account and the podcasts it owns. */
export type ExportScope = { userId: number; email: string; owned: number[] };

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyEb = ExpressionBuilder<any, any>;
type Where = (eb: AnyEb, scope: ExportScope) => ReturnType<AnyEb['and']>;

export type ExportedTable = {
  /** German, for the README in the archive. */
  about: string;
  /** The columns written, in this order (the file's header). */
  columns: readonly string[];
  /** A unique order of the rows (read page by page along it); not written unless also in columns. */
  key: readonly string[];
  where: Where;
  /** A column of bytes written as a file of its own; the CSV names the file in its place. */
  file?: { column: string; name: (row: Record<string, unknown>) => string };
};

const none = sql<boolean>`1 = 0`;
/** `column` is one of the owned podcasts. */
const owned = (eb: AnyEb, column: string, s: ExportScope) =>
  s.owned.length > 0 ? eb(column, 'in', s.owned) : eb.and([none]);
const self = (column: string) => (eb: AnyEb, s: ExportScope) => eb.and([eb(column, '=', s.userId)]);
const ofOwned =
  (column = 'podcast_id') =>
  (eb: AnyEb, s: ExportScope) =>
    eb.and([owned(eb, column, s)]);
/** Experiments of owned podcasts. */
const ownedExperiments = (eb: AnyEb, s: ExportScope) =>
  eb
    .selectFrom('experiments')
    .select('experiments.id')
    .where((e: AnyEb) => owned(e, 'experiments.podcast_id', s));

export const exportedTables = {
  users: {
    about:
      'Dein Konto: Name, E-Mail-Adresse (auch eine noch unbestätigte neue), Rolle, Freischaltung, Zeitpunkte.',
    columns: [
      'id',
      'name',
      'email',
      'pending_email',
      'role',
      'email_verified_at',
      'granted',
      'steady_user_email',
      'podcast_title',
      'onboarding_podcast_id',
      'onboarding_step',
      'image_id',
      'created_at',
      'updated_at',
    ],
    key: ['id'],
    where: self('id'),
  },
  profiles: {
    about: 'Dein Profil: Benutzername, Position, Sprache und wie du von Kompass Studio erfahren hast.',
    columns: ['user_id', 'username', 'position', 'language', 'referrer'],
    key: ['user_id'],
    where: self('user_id'),
  },
  sessions: {
    about:
      'Deine Anmeldungen: wann begonnen, bis wann gültig, mit welchem Browser (ohne die Sitzungskennung).',
    columns: ['created_at', 'expires_at', 'user_agent'],
    key: ['id'],
    where: self('user_id'),
  },
  images: {
    about:
      'Bilder: dein Profilbild und die Cover deiner Podcasts; die Datei liegt im Ordner images/ (Spalte file).',
    columns: ['id', 'mime', 'created_at', 'file'],
    key: ['id'],
    where: (eb, s) =>
      eb.or([
        eb('id', 'in', eb.selectFrom('users').select('image_id').where('id', '=', s.userId)),
        eb(
          'id',
          'in',
          eb
            .selectFrom('podcasts')
            .select('image_id')
            .where((e: AnyEb) => owned(e, 'id', s)),
        ),
      ]),
    file: { column: 'bytes', name: (row) => `images/${String(row.id)}.webp` },
  },
  access_codes: {
    about:
      'Der Zugangscode (Crowdfunding), den du eingelöst hast: Anlass und Zeitpunkt (ohne den Code selbst).',
    columns: ['note', 'created_at', 'redeemed_at'],
    key: ['code'],
    where: self('redeemed_by'),
  },
  steady_accounts: {
    about: 'Deine Verbindung zu Steady (Studio Pro): Konto, Abo-Zustand, Zeitraum (ohne Zugangsschlüssel).',
    columns: [
      'steady_user_id',
      'email',
      'state',
      'period',
      'plan_name',
      'cancelled_at',
      'expires_at',
      'checked_at',
    ],
    key: ['user_id'],
    where: self('user_id'),
  },
  contracts: {
    about: 'Welchen Podcast dein Abo freischaltet.',
    columns: ['podcast_id', 'user_id', 'created_at'],
    key: ['podcast_id'],
    where: (eb, s) => eb.or([eb('user_id', '=', s.userId), owned(eb, 'podcast_id', s)]),
  },
  push_subscriptions: {
    about:
      'Geräte, die Benachrichtigungen bekommen: wann eingerichtet (ohne Adresse und Schlüssel des Geräts).',
    columns: ['id', 'created_at', 'updated_at'],
    key: ['id'],
    where: self('user_id'),
  },
  memberships: {
    about: 'Deine Mitgliedschaften in Podcast-Teams: Podcast, Rolle, aktiv oder nicht.',
    columns: ['id', 'podcast_id', 'user_id', 'role', 'active', 'created_at'],
    key: ['id'],
    where: self('user_id'),
  },
  invitations: {
    about: 'Einladungen, die du verschickt hast: an wen, mit welcher Rolle, bis wann gültig, ob angenommen.',
    columns: [
      'id',
      'podcast_id',
      'email',
      'role',
      'notes',
      'created_at',
      'last_sent_at',
      'expires_on',
      'converted_at',
    ],
    key: ['id'],
    where: self('invited_by'),
  },
  user_contexts: {
    about: 'Der Podcast, den du zuletzt ausgewählt hast.',
    columns: ['user_id', 'podcast_id'],
    key: ['user_id'],
    where: self('user_id'),
  },
  podcasts: {
    about:
      'Deine Podcasts (deren Inhaber*in du bist): Titel, Autor*in, Kategorien, Feed, Testphase, Einrichtung.',
    columns: [
      'id',
      'title',
      'name',
      'author',
      'category_id_1',
      'category_id_2',
      'image_id',
      'rss_uri',
      'web_uri',
      'completed_at',
      'trial_days',
      'pro_until',
      'pro_reason',
      'created_at',
      'updated_at',
    ],
    key: ['id'],
    where: ofOwned('id'),
  },
  podcast_objectives: {
    about: 'Podcast-Ziele: die Wichtigkeit jeder der acht Kennzahlen (none, low, medium, high).',
    columns: [
      'podcast_id',
      'coverage',
      'throughput',
      'reputation',
      'interaction',
      'monetization',
      'expertise',
      'referability',
      'enjoyment',
    ],
    key: ['podcast_id'],
    where: ofOwned(),
  },
  podcast_stages: {
    about: 'Empfehlungen personalisieren: Zeiteinsatz, Reichweite, Geldeinsatz.',
    columns: ['podcast_id', 'commitment', 'expansion', 'investment'],
    key: ['podcast_id'],
    where: ofOwned(),
  },
  podcast_strategies: {
    about:
      'Podcast-Strategie: Thematik, Audience, USP, Rückenwind, Transformation, Empfehlbarkeit, Aufwände.',
    columns: [
      'podcast_id',
      'subject',
      'audience',
      'uniqueness',
      'tailwind',
      'motivation',
      'referability',
      'expenditure',
    ],
    key: ['podcast_id'],
    where: ofOwned(),
  },
  podcast_milestones: {
    about: 'Meilensteine: ein Ziel je Kennzahl.',
    columns: ['podcast_id', 'metric', 'value'],
    key: ['podcast_id', 'metric'],
    where: ofOwned(),
  },
  podcast_metrics: {
    about:
      'Erfolgskriterien: jeder erfasste Wert (Tag, Kennzahl, Wert; evaluation = Zwischen- oder Schlussauswertung eines Experiments; source = woher ein Wert übernommen wurde). Aus fremden Podcasts die Werte, die du erfasst hast.',
    columns: [
      'id',
      'podcast_id',
      'metric',
      'value',
      'recorded_on',
      'created_at',
      'user_id',
      'experiment_id',
      'evaluation',
      'source',
    ],
    key: ['id'],
    where: (eb, s) => eb.or([owned(eb, 'podcast_id', s), eb('user_id', '=', s.userId)]),
  },
  podcast_settings: {
    about: 'Einstellungen deiner Podcasts (z. B. ob das Startgeschenk geschlossen wurde).',
    columns: ['podcast_id', 'key', 'value'],
    key: ['podcast_id', 'key'],
    where: ofOwned(),
  },
  episodes: {
    about: 'Die Episoden aus dem Feed deiner Podcasts.',
    columns: ['id', 'podcast_id', 'guid', 'title', 'web_uri', 'published_at'],
    key: ['id'],
    where: ofOwned(),
  },
  practice_effect_contributions: {
    about:
      'Die gemessene Wirkung beendeter Experimente, die (ohne Podcast und Namen) in „Bei N Podcasts wie deinem“ einfließt: log_ratio = ln(beobachtet / erwartet), variance ihre Unsicherheit, kind die Art des Podcasts.',
    columns: [
      'experiment_id',
      'podcast_id',
      'practice_id',
      'owner_id',
      'log_ratio',
      'variance',
      'kind',
      'checked_on',
    ],
    key: ['experiment_id'],
    where: ofOwned(),
  },
  feed_checks: {
    about: 'Feed-Checks: Ergebnisse (findings) und Veröffentlichungsrhythmus (rhythm), als JSON.',
    columns: ['id', 'podcast_id', 'checked_at', 'findings', 'rhythm'],
    key: ['id'],
    where: ofOwned(),
  },
  audience_sources: {
    about: 'Quellen der Hörerzahlen (OP3, Datei-Upload): Sendung, Zustand, letzter Abruf (ohne OP3-Token).',
    columns: [
      'id',
      'podcast_id',
      'type',
      'show_uuid',
      'show_title',
      'status',
      'message',
      'last_fetched_at',
      'next_fetch_at',
      'created_at',
    ],
    key: ['id'],
    where: ofOwned(),
  },
  audience_days: {
    about:
      'Hörerzahlen je Tag und Quelle (source_id, siehe audience_sources.csv): Downloads, Hörer*innen, Follower, Wiedergaben, durchschnittlich gehörter Anteil in %. Leer heißt: die Quelle nennt den Wert nicht.',
    columns: [
      'source_id',
      'podcast_id',
      'day',
      'downloads',
      'listeners',
      'followers',
      'plays',
      'consumption',
    ],
    key: ['source_id', 'day'],
    where: ofOwned(),
  },
  audience_episodes: {
    about: 'Downloads je Episode in ihren ersten 1, 3, 7 und 30 Tagen und insgesamt, je Quelle.',
    columns: [
      'source_id',
      'podcast_id',
      'item_guid',
      'title',
      'published_on',
      'downloads_1',
      'downloads_3',
      'downloads_7',
      'downloads_30',
      'downloads_all',
    ],
    key: ['source_id', 'item_guid'],
    where: ofOwned(),
  },
  audience_uploads: {
    about:
      'Hochgeladene Dateien mit Hörerzahlen; die Datei selbst liegt im Ordner audience_uploads/ (Spalte file).',
    columns: ['id', 'podcast_id', 'user_id', 'file_name', 'shape', 'created_at', 'file'],
    key: ['id'],
    where: ofOwned(),
    file: {
      column: 'content',
      name: (row) => `audience_uploads/${String(row.id)}-${String(row.file_name).replace(/[^\w.-]+/g, '_')}`,
    },
  },
  audience_mappings: {
    about: 'Die Zuordnung der Spalten hochgeladener Dateien (mapping, als JSON), je Dateiform (shape).',
    columns: ['podcast_id', 'shape', 'mapping', 'updated_at'],
    key: ['podcast_id', 'shape'],
    where: ofOwned(),
  },
  experiments: {
    about: 'Experimente: Methode (practice_id), Titel, Zeitraum, Notizen; deleted_at: gelöscht am.',
    columns: [
      'id',
      'podcast_id',
      'practice_id',
      'user_id',
      'title',
      'starts_at',
      'ends_at',
      'notes',
      'created_at',
      'updated_at',
      'deleted_at',
    ],
    key: ['id'],
    where: ofOwned(),
  },
  experiment_actions: {
    about: 'Die Schritte der Experimente (Umsetzung): Text, Link, erledigt am, von wem.',
    columns: [
      'id',
      'experiment_id',
      'position',
      'description',
      'link_target',
      'link_label',
      'completed_at',
      'completed_by',
    ],
    key: ['id'],
    where: (eb, s) => eb.and([eb('experiment_id', 'in', ownedExperiments(eb, s))]),
  },
  comments: {
    about: 'Kommentare zu den Experimenten deiner Podcasts, und deine Kommentare in anderen Podcasts.',
    columns: ['id', 'experiment_id', 'user_id', 'content', 'created_at'],
    key: ['id'],
    where: (eb, s) =>
      eb.or([eb('experiment_id', 'in', ownedExperiments(eb, s)), eb('user_id', '=', s.userId)]),
  },
  events: {
    about:
      'Aktivitäten: wer wann was an einem Experiment, Schritt oder Wert angelegt, geändert oder gelöscht hat; die gemessene Wirkung der Experimente steht in experiment_effects.json.',
    columns: [
      'id',
      'podcast_id',
      'experiment_id',
      'trackable_type',
      'trackable_id',
      'event_type',
      'user_id',
      'created_at',
    ],
    key: ['id'],
    where: (eb, s) => eb.or([owned(eb, 'podcast_id', s), eb('user_id', '=', s.userId)]),
  },
  assistances: {
    about: 'Tipps der Kompass-KI: Betreff, Text, Regel, wann.',
    columns: ['id', 'podcast_id', 'rule', 'subject', 'message', 'created_at'],
    key: ['id'],
    where: ofOwned(),
  },
  practice_bookmarks: {
    about: 'Gemerkte Methoden (practice_id).',
    columns: ['id', 'podcast_id', 'practice_id', 'user_id', 'created_at'],
    key: ['id'],
    where: ofOwned(),
  },
  practice_rejections: {
    about: 'Methoden, die nicht mehr empfohlen werden sollen (practice_id).',
    columns: ['id', 'podcast_id', 'practice_id', 'user_id', 'created_at'],
    key: ['id'],
    where: ofOwned(),
  },
  practice_applications: {
    about: 'Dauerhaft angewandte Methoden (practice_id) und seit wann.',
    columns: ['id', 'podcast_id', 'practice_id', 'user_id', 'starts_on', 'created_at'],
    key: ['id'],
    where: ofOwned(),
  },
  feedback: {
    about: 'Deine Rückmeldungen (Feedback geben).',
    columns: ['id', 'email', 'message', 'page', 'created_at'],
    key: ['id'],
    where: self('user_id'),
  },
  newsletter_signups: {
    about: 'Deine Anmeldung zum Newsletter (mit der E-Mail-Adresse deines Kontos).',
    columns: ['email', 'created_at', 'confirmed_at'],
    key: ['id'],
    where: (eb, s) => eb.and([eb('email', '=', s.email)]),
  },
  audit_log: {
    about: 'Änderungen, die du als Admin oder Redakteur*in in der Administration gemacht hast.',
    columns: ['id', 'action', 'subject_type', 'subject_id', 'details', 'created_at'],
    key: ['id'],
    where: self('user_id'),
  },
} satisfies Partial<Record<keyof DB, ExportedTable>>;

/** Tables that hold nothing of an account's to take along, and why (said in the README too). */
export const notExported: Record<string, string> = {
  secrets: 'Schlüssel des Servers, keine Daten eines Kontos.',
  password_resets: 'Nur Prüfsummen von Links zum Zurücksetzen des Passworts, die nach 60 Minuten verfallen.',
  throttles:
    'Zähler gegen Missbrauch (z. B. falsche Passwörter), die nach Minuten bis einer Stunde verfallen.',
  idempotency_keys: 'Schutz gegen doppelt gesendete Änderungen; nach einem Tag gelöscht.',
  change_counts: 'Zähler, wann sich etwas geändert hat (für zwischengespeicherte Antworten); keine Inhalte.',
  leases: 'Welcher Serverprozess gerade eine Hintergrundaufgabe übernimmt.',
  mail_queue: 'Warteschlange der Mails; sie nennt nur, was in den übrigen Dateien steht.',
  push_queue: 'Warteschlange der Benachrichtigungen über neue Tipps (die Tipps stehen in assistances.csv).',
  tip_schedule: 'Wann die Regeln der Kompass-KI einen Podcast wieder prüfen.',
  feed_check_schedule: 'Wann der Feed eines Podcasts wieder geprüft wird.',
  practice_score_states:
    'Die berechnete Rangfolge der Methoden; jederzeit neu berechenbar aus den übrigen Daten.',
  practice_pooled_states:
    'Zählstände der gemeinsamen Auswertung je Methode; nichts eines einzelnen Podcasts.',
  practice_pooled_effects:
    'Die gemeinsame Auswertung je Methode aus mindestens fünf Podcasts; nichts eines einzelnen Podcasts.',
  account_exports: 'Dieser Datenexport selbst.',
  account_export_chunks: 'Dieses Archiv selbst.',
  practices: 'Inhalte der Redaktion (Methoden), für alle gleich.',
  practice_contexts: 'Inhalte der Redaktion (Einordnung der Methoden).',
  practice_ratings: 'Inhalte der Redaktion (Potenziale der Methoden).',
  practice_actions: 'Inhalte der Redaktion (Anleitungen der Methoden).',
  keywords: 'Inhalte der Redaktion (Schlagworte).',
  practice_keywords: 'Inhalte der Redaktion (Schlagworte der Methoden).',
  compilations: 'Inhalte der Redaktion (Sets).',
  compilation_practices: 'Inhalte der Redaktion (Methoden der Sets).',
  advices: 'Inhalte der Redaktion (Logbuch).',
  categories: 'Die Liste der Podcast-Kategorien.',
  changelog_items: 'Inhalte der Redaktion (Changelog).',
  roadmap_items: 'Inhalte der Redaktion (Roadmap).',
  kysely_migration: 'Welche Änderungen am Datenbankschema gemacht wurden.',
  kysely_migration_lock: 'Sperre für Änderungen am Datenbankschema.',
  sqlite_sequence: 'Zähler der fortlaufenden Nummern (nur SQLite).',
};

export type ExportedTableName = keyof typeof exportedTables;
export const exportedTableNames = Object.keys(exportedTables) as ExportedTableName[];
