// Committed uploads and the figures each gave (migration 0035, audience/upload-imports.ts).
import type { Generated } from 'kysely';
import type { Timestamp } from './columns.ts';

/** One committed upload; file_name null: the days uploaded before uploads were kept one by one. */
export interface AudienceImportsTable {
  id: Generated<number>;
  podcast_id: number;
  /** The podcast's 'upload' source, whose days merge every import's figures. */
  source_id: number;
  user_id: number | null;
  file_name: string | null;
  created_at: Timestamp;
}

/** The figures one upload gave for one day; null: the upload said nothing about that series. */
export interface AudienceImportDaysTable {
  import_id: number;
  podcast_id: number;
  day: string;
  downloads: number | null;
  listeners: number | null;
  followers: number | null;
  plays: number | null;
  consumption: number | null;
}
