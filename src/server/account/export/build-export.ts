// Builds an account's archive (export-tables.ts says what goes in) as a stream: each table is read
// page by page along its key, written as CSV into a deflated entry of the zip (fflate), and the
// zip's bytes go into `account_export_chunks` in pieces of CHUNK_BYTES as they come, so neither
// the rows nor the archive are ever held whole. Files of bytes (pictures, uploaded files) follow
// their table's CSV, one entry each.
import { Zip, ZipDeflate, ZipPassThrough, strToU8 } from 'fflate';
import type { Kysely } from 'kysely';
import Papa from 'papaparse';
import { berlinDate } from '../../../shared/calendar.ts';
import type { Clock } from '../../clock.ts';
import type { Db } from '../../db/database.ts';
import { can } from '../../../shared/roles.ts';
import { exportedTableNames, exportedTables, type ExportedTable, type ExportScope } from './export-tables.ts';
import { exportReadme } from './export-readme.ts';
import { experimentEffects } from './export-effects.ts';

export const CHUNK_BYTES = 256 * 1024;
const PAGE = 1000;

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDb = Kysely<any>;
type Row = Record<string, unknown>;

/** The account and the podcasts it owns (whose membership's role may delete the podcast). */
export async function exportScope(db: Db, userId: number): Promise<ExportScope> {
  const [user, memberships] = await Promise.all([
    db.selectFrom('users').select('email').where('id', '=', userId).executeTakeFirstOrThrow(),
    db
      .selectFrom('memberships')
      .select(['podcast_id', 'role', 'active'])
      .where('user_id', '=', userId)
      .execute(),
  ]);
  const owned = memberships.filter((m) => m.active && can(m.role, 'podcast.delete')).map((m) => m.podcast_id);
  return { userId, email: user.email, owned };
}

/** How many rows the archive would hold at most (counts of the tables that grow). */
export async function exportSize(db: Db, scope: ExportScope) {
  const counts = await Promise.all(
    (
      ['audience_days', 'podcast_metrics', 'events', 'comments', 'episodes', 'audience_episodes'] as const
    ).map(async (table) => {
      const entry: ExportedTable = exportedTables[table];
      const row = await (db as unknown as AnyDb)
        .selectFrom(table)
        .select((eb) => eb.fn.countAll().as('n'))
        .where((eb) => entry.where(eb, scope))
        .executeTakeFirstOrThrow();
      return Number(row.n);
    }),
  );
  return counts.reduce((a, b) => a + b, 0);
}

/** The rows of `table` that belong to `scope`, page by page along the table's key. */
async function* pages(db: AnyDb, table: string, entry: ExportedTable, scope: ExportScope, select: string[]) {
  const key = entry.key;
  let after: unknown[] | undefined;
  for (;;) {
    let query = db
      .selectFrom(table)
      .select([...new Set([...select, ...key])])
      .where((eb) => entry.where(eb, scope));
    if (after) {
      const last = after;
      query = query.where((eb) =>
        key.length === 1
          ? eb(key[0]!, '>', last[0])
          : eb(eb.refTuple(key[0]!, key[1]!), '>', eb.tuple(last[0], last[1])),
      );
    }
    for (const column of key) query = query.orderBy(column);
    const rows = (await query.limit(PAGE).execute()) as Row[];
    if (rows.length > 0) yield rows;
    if (rows.length < PAGE) return;
    after = key.map((column) => rows.at(-1)![column]);
  }
}

/** Where the zip's bytes go: pieces of CHUNK_BYTES, written as they fill. */
function chunkSink(db: Db, exportId: string, userId: number) {
  let parts: Uint8Array[] = [];
  let size = 0;
  let seq = 0;
  let total = 0;
  const write = async (bytes: Uint8Array) => {
    await db
      .insertInto('account_export_chunks')
      .values({ export_id: exportId, seq: seq++, bytes: Buffer.from(bytes), user_id: userId })
      .execute();
  };
  return {
    take(data: Uint8Array) {
      parts.push(data);
      size += data.length;
      total += data.length;
    },
    /** Writes full pieces now (all that is left when `last`). */
    async flush(last = false) {
      if (size < CHUNK_BYTES && !(last && size > 0)) return;
      const all = Buffer.concat(parts);
      let offset = 0;
      for (; all.length - offset >= CHUNK_BYTES; offset += CHUNK_BYTES)
        await write(all.subarray(offset, offset + CHUNK_BYTES));
      if (last && offset < all.length) {
        await write(all.subarray(offset));
        offset = all.length;
      }
      parts = offset < all.length ? [all.subarray(offset)] : [];
      size = all.length - offset;
    },
    get total() {
      return total;
    },
  };
}

/**
 * Writes the archive of `userId` as export `exportId` (pieces left by an interrupted build are
 * dropped first); its size in bytes.
 */
export async function buildExport(ctx: { db: Db; clock: Clock }, userId: number, exportId: string) {
  const { db, clock } = ctx;
  const now = clock.now();
  const scope = await exportScope(db, userId);
  await db.deleteFrom('account_export_chunks').where('export_id', '=', exportId).execute();
  const sink = chunkSink(db, exportId, userId);
  let failure: Error | null = null;
  const zip = new Zip((error, data) => {
    if (error) failure = error;
    else sink.take(data);
  });
  const entry = (name: string, compress = true) => {
    const file = compress ? new ZipDeflate(name, { level: 6 }) : new ZipPassThrough(name);
    file.mtime = now;
    zip.add(file);
    return file;
  };
  const text = (name: string, content: string) => entry(name).push(strToU8(content), true);

  text('README.md', exportReadme(now));
  const counts: Record<string, number> = {};
  for (const table of exportedTableNames) {
    const spec: ExportedTable = exportedTables[table];
    const columns = spec.columns.filter((c) => c !== 'file');
    const csv = entry(`${table}.csv`);
    // A byte order mark, so spreadsheet programs read the umlauts as UTF-8.
    csv.push(strToU8(`\uFEFF${Papa.unparse({ fields: [...spec.columns], data: [] })}\r\n`));
    counts[table] = 0;
    for await (const rows of pages(db as unknown as AnyDb, table, spec, scope, columns)) {
      const data = rows.map((row) => spec.columns.map((c) => (c === 'file' ? spec.file!.name(row) : row[c])));
      csv.push(strToU8(`${Papa.unparse(data)}\r\n`));
      counts[table] += rows.length;
      await sink.flush();
    }
    csv.push(new Uint8Array(0), true);
    if (spec.file) {
      const select = [...columns, spec.file.column];
      for await (const rows of pages(db as unknown as AnyDb, table, spec, scope, select)) {
        for (const row of rows) {
          const bytes = row[spec.file.column];
          entry(spec.file.name(row), typeof bytes === 'string').push(
            typeof bytes === 'string' ? strToU8(bytes) : new Uint8Array(bytes as Buffer),
            true,
          );
          await sink.flush();
        }
      }
    }
  }
  text(
    'experiment_effects.json',
    JSON.stringify(await experimentEffects(db, scope, berlinDate(now)), null, 2),
  );
  text(
    'export.json',
    JSON.stringify(
      { created_at: now.toISOString(), user_id: userId, podcasts: scope.owned, rows: counts },
      null,
      2,
    ),
  );
  zip.end();
  if (failure) throw failure;
  await sink.flush(true);
  return sink.total;
}
