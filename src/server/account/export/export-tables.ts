// What 'Meine Daten herunterladen' puts in the archive: every table of the database is named, either
// with the file it becomes (its columns, which rows belong to the account: export-account-tables.ts,
// export-podcast-tables.ts, export-audience-tables.ts, filters in export-scope.ts) or with why it
// holds nothing of the account's (export-excluded-tables.ts). tests/server/account/export-coverage.test.ts
// reads the database's own table list, so a new table fails that test until it is named.
// Entscheidung ACC-2: owned podcasts whole, in others' podcasts only the account's own rows.
// Entscheidung ACC-3: columns listed, never `*`, so no secret, hash or token leaves the server.
import { accountTables } from './export-account-tables.ts';
import { audienceTables } from './export-audience-tables.ts';
import { podcastTables } from './export-podcast-tables.ts';

export type { ExportScope, ExportedTable } from './export-scope.ts';
export { notExported } from './export-excluded-tables.ts';

export const exportedTables = { ...accountTables, ...podcastTables, ...audienceTables };

export type ExportedTableName = keyof typeof exportedTables;
export const exportedTableNames = Object.keys(exportedTables) as ExportedTableName[];
