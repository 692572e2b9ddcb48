// The content: methods with their parts, keywords, sets, advices, categories, changelog and roadmap.
import type { Timestamp, MetricColumns } from './columns.ts';

export interface PracticesTable {
  id: number;
  title: string;
  claim: string;
  teaser: string;
  emoji: string;
  area: string;
  duration_days: number;
  description: string;
  created_at: Timestamp;
  updated_at: Timestamp;
  /** Set by an edit in /nova; the seed leaves such a row alone. */
  edited_at?: Timestamp | null;
}

export interface PracticeContextsTable {
  practice_id: number;
  relevance: string;
  application: string;
  investment: string;
  commitment: string;
  endurance: string;
  recurrence: string;
  continuation: string;
  expansion: string;
  /** JSON array of realization keys. */
  realization: string;
}

/** Potential per metric (none, low, medium, high). */
export interface PracticeRatingsTable extends MetricColumns {
  practice_id: number;
}

export interface PracticeActionsTable {
  id: number;
  practice_id: number;
  position: number;
  description: string;
  link_target: string | null;
  link_label: string | null;
  removed_at: Timestamp | null;
}

export interface KeywordsTable {
  handle: string;
  title: string;
  position: number;
}

export interface PracticeKeywordsTable {
  practice_id: number;
  keyword: string;
  position: number;
}

export interface CompilationsTable {
  id: number;
  title: string;
  emoji: string;
  type: string;
  description: string;
  /** Set by an edit in /nova; the seed leaves such a row alone. */
  edited_at?: Timestamp | null;
}

export interface CompilationPracticesTable {
  compilation_id: number;
  practice_id: number;
  position: number;
}

export interface AdvicesTable {
  id: number;
  content: string;
  /** Set by an edit in /nova; the seed leaves such a row alone. */
  edited_at?: Timestamp | null;
  /** Deleted in /nova: kept so a re-seed does not bring it back; every reader skips it. */
  deleted_at?: Timestamp | null;
}

export interface CategoriesTable {
  id: number;
  display: string;
}

export interface ChangelogItemsTable {
  id: number;
  title: string;
  release: string;
  released_at: string;
  content: string;
  /** Set by an edit in /nova; the seed leaves such a row alone. */
  edited_at?: Timestamp | null;
  /** Deleted in /nova: kept so a re-seed does not bring it back; every reader skips it. */
  deleted_at?: Timestamp | null;
}

export interface RoadmapItemsTable {
  id: number;
  title: string;
  content: string;
  position: number;
  /** Set by an edit in /nova; the seed leaves such a row alone. */
  edited_at?: Timestamp | null;
  /** Deleted in /nova: kept so a re-seed does not bring it back; every reader skips it. */
  deleted_at?: Timestamp | null;
}
