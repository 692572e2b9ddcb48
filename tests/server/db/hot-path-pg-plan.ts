// The whole-table reads in a PostgreSQL plan (EXPLAIN (FORMAT JSON)), for hot-path-engines.ts.
import type pg from 'pg';

export type PlanNode = {
  'Node Type': string;
  'Relation Name'?: string;
  'Index Name'?: string;
  'Index Cond'?: string;
  Plans?: PlanNode[];
};
/** Each index's table and the column it is sorted by first (null: an expression). */
export type Indexes = Map<string, { table: string; first: string | null }>;

export async function indexesOf(client: pg.Client): Promise<Indexes> {
  const { rows } = await client.query<{ index: string; table: string; first: string | null }>(
    `SELECT i.relname AS index, t.relname AS table, a.attname AS first
     FROM pg_index x JOIN pg_class i ON i.oid = x.indexrelid JOIN pg_class t ON t.oid = x.indrelid
     LEFT JOIN pg_attribute a ON a.attrelid = t.oid AND a.attnum = x.indkey[0]
     WHERE t.relnamespace = 'public'::regnamespace`,
  );
  return new Map(rows.map((r) => [r.index, { table: r.table, first: r.first }]));
}

/**
 * A Seq Scan, or an index walked from end to end: with no condition, or with conditions on later
 * columns only (PostgreSQL then reads the whole index and tests each entry, which its plan shows
 * as an `Index Cond` all the same).
 */
export function fullReads(node: PlanNode, indexes: Indexes): { table: string; how: string }[] {
  const type = node['Node Type'];
  const name = node['Index Name'];
  const index = name === undefined ? undefined : indexes.get(name);
  const table = node['Relation Name'] ?? index?.table;
  const cond = node['Index Cond'];
  const walked =
    /^(Bitmap )?Index (Only )?Scan$/.test(type) &&
    (cond === undefined || (index?.first != null && !new RegExp(`\\("?${index.first}"? `).test(cond)));
  const here =
    table !== undefined && (type === 'Seq Scan' || walked)
      ? [{ table, how: name ? `${type} using ${name}${cond ? ` (${cond})` : ''}` : type }]
      : [];
  return [...here, ...(node.Plans ?? []).flatMap((n) => fullReads(n, indexes))];
}
