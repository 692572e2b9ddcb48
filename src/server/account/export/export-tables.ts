// What 'Meine Daten herunterladen' puts in the archive: every table of the database is named, either
// with the file it becomes (its columns, which rows belong to the account: export-account-tables.ts,
// export-podcast-tables.ts, export-audience-tables.ts, filters in export-scope.ts) or with why it
// holds nothing of the account's (export-excluded-tables.ts). tests/server/account/export-coverage.test.ts
// reads the database's own table list, so a new table fails that test until it is named.
// Decision 2026-12-06:
// - Podcasts the account owns (its membership's role may delete the podcast, src/shared/roles.ts)
//   come whole: goals, stage, strategy, metrics, milestones, experiments with steps, comments,
//   events, tips, audience days by source, uploads and their mappings. In podcasts of others only
//   what the account itself wrote (comments, events, metrics); the team's shared work and other
//   members' data are theirs.
// - Columns are listed, never `*`: secrets, hashes and tokens (the password's hash, the session's
//   id, the OP3 token and its hint, invitation and reset tokens, Steady's tokens, push keys, image
//   keys) never leave the server. A new column reaches the archive only when it is added to its table.
import { accountTables } from './export-account-tables.ts';
import { audienceTables } from './export-audience-tables.ts';
import { podcastTables } from './export-podcast-tables.ts';

export type { ExportScope, ExportedTable } from './export-scope.ts';
export { notExported } from './export-excluded-tables.ts';

export const exportedTables = { ...accountTables, ...podcastTables, ...audienceTables };

export type ExportedTableName = keyof typeof exportedTables;
export const exportedTableNames = Object.keys(exportedTables) as ExportedTableName[];
