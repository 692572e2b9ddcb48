// Paging and search for the admin lists.
import { sql, type Expression, type SqlBool } from 'kysely';

export const ADMIN_PER_PAGE = 20;

/** `meta` of one page (src/shared/api.ts paginationMeta). */
export function pageMeta(page: number, rows: number, total: number, perPage = ADMIN_PER_PAGE) {
  const from = rows ? (page - 1) * perPage + 1 : null;
  return {
    current_page: page,
    last_page: Math.max(1, Math.ceil(total / perPage)),
    from,
    to: from === null ? null : from + rows - 1,
    per_page: perPage,
    total,
  };
}

/** Case-insensitive "contains" on both engines; `%`, `_` and `\` in the query are literal. */
export function contains(column: string, query: string): Expression<SqlBool> {
  const pattern = `%${query.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  return sql<SqlBool>`lower(${sql.ref(column)}) like ${pattern} escape '\\'`;
}
