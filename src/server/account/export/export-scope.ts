// The pieces every exported table is described with: whose rows (the scope) and the filters over it.
import { sql, type ExpressionBuilder } from 'kysely';

/** Whose rows: the account and the podcasts it owns. */
export type ExportScope = { userId: number; email: string; owned: number[] };

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type AnyEb = ExpressionBuilder<any, any>;
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

export const none = sql<boolean>`1 = 0`;
/** `column` is one of the owned podcasts. */
export const owned = (eb: AnyEb, column: string, s: ExportScope) =>
  s.owned.length > 0 ? eb(column, 'in', s.owned) : eb.and([none]);
export const self = (column: string) => (eb: AnyEb, s: ExportScope) => eb.and([eb(column, '=', s.userId)]);
export const ofOwned =
  (column = 'podcast_id') =>
  (eb: AnyEb, s: ExportScope) =>
    eb.and([owned(eb, column, s)]);
/** Experiments of owned podcasts. */
export const ownedExperiments = (eb: AnyEb, s: ExportScope) =>
  eb
    .selectFrom('experiments')
    .select('experiments.id')
    .where((e: AnyEb) => owned(e, 'experiments.podcast_id', s));
