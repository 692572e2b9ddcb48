// The owned podcasts' listener numbers: sources, days, episodes, uploads with their mappings, and
// the measured effects the pooled evidence reads.
import type { DB } from '../../db/schema.ts';
import { ofOwned, type ExportedTable } from './export-scope.ts';

export const audienceTables = {
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
    about:
      'Downloads je Episode in ihren ersten 1, 3, 7 und 30 Tagen und insgesamt, je Quelle (OP3 oder eine hochgeladene Tabelle je Folge); ages: weitere Alter, die die Quelle nennt (Tage → Downloads, als JSON).',
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
      'ages',
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
  audience_imports: {
    about:
      'Jede übernommene Datei mit Hörerzahlen (Dateiname, wann), damit sie einzeln entfernt werden kann; ohne Dateinamen: die vor dem 07.12.2026 hochgeladenen Tage.',
    columns: ['id', 'podcast_id', 'source_id', 'user_id', 'file_name', 'created_at'],
    key: ['id'],
    where: ofOwned(),
  },
  audience_import_days: {
    about:
      'Die Zahlen je Tag, die eine übernommene Datei (import_id, siehe audience_imports.csv) geliefert hat. Leer heißt: die Datei nennt den Wert nicht.',
    columns: [
      'import_id',
      'podcast_id',
      'day',
      'downloads',
      'listeners',
      'followers',
      'plays',
      'consumption',
    ],
    key: ['import_id', 'day'],
    where: ofOwned(),
  },
  audience_mappings: {
    about: 'Die Zuordnung der Spalten hochgeladener Dateien (mapping, als JSON), je Dateiform (shape).',
    columns: ['podcast_id', 'shape', 'mapping', 'updated_at'],
    key: ['podcast_id', 'shape'],
    where: ofOwned(),
  },
} satisfies Partial<Record<keyof DB, ExportedTable>>;
