// Writes the editorial content into the database. Idempotent: rows are upserted by id, so
// re-seeding updates text without touching user data that refers to a method.
import { createHash, randomBytes } from 'node:crypto';
import type { Transaction } from 'kysely';
import { systemClock, type Clock } from '../../clock.ts';
import type { Database, Db } from '../database.ts';
import { preparedQuery } from '../prepared-query.ts';
import type { DB } from '../schema.ts';
import { contentFilesHash } from './content-files.ts';
import type { Content } from './load-content.ts';

type Tx = Transaction<DB>;
const CONTENT_HASH = 'content_hash';
/** The content files' hash (contentFilesHash) and the content hash they gave, `files content`. */
const CONTENT_FILES = 'content_files';

/** Upserts rows keyed by `key`, updating every other column but `created_at`. */
async function upsert<T extends keyof DB & string>(
  tx: Tx,
  table: T,
  key: string[],
  rows: Record<string, unknown>[],
) {
  const first = rows[0];
  if (!first) return;
  const columns = Object.keys(first).filter((c) => !key.includes(c) && c !== 'created_at');
  // Chunks keep SQLite under its bound-parameter limit.
  for (let i = 0; i < rows.length; i += 50) {
    await tx
      .insertInto(table)
      .values(rows.slice(i, i + 50) as never)
      .onConflict((oc) =>
        oc
          .columns(key as never)
          .doUpdateSet(
            (eb) => Object.fromEntries(columns.map((c) => [c, eb.ref(`excluded.${c}` as never)])) as never,
          ),
      )
      .execute();
  }
}

async function insertAll<T extends 'practice_keywords' | 'compilation_practices'>(
  tx: Tx,
  table: T,
  rows: Record<string, unknown>[],
) {
  for (let i = 0; i < rows.length; i += 50) {
    await tx
      .insertInto(table)
      .values(rows.slice(i, i + 50) as never)
      .execute();
  }
}

/** Ids of the rows of `table` edited in /nova: the seed leaves them (and their parts) alone. */
async function editedIds(
  tx: Tx,
  table: 'practices' | 'compilations' | 'advices' | 'changelog_items' | 'roadmap_items',
) {
  const rows = await tx.selectFrom(table).select('id').where('edited_at', 'is not', null).execute();
  return new Set(rows.map((r) => r.id));
}

async function write(tx: Tx, content: Content, now: string) {
  const editedPractices = await editedIds(tx, 'practices');
  const editedCompilations = await editedIds(tx, 'compilations');
  const editedAdvices = await editedIds(tx, 'advices');
  const editedChangelog = await editedIds(tx, 'changelog_items');
  const editedRoadmap = await editedIds(tx, 'roadmap_items');
  const keep = [...editedPractices];
  /** Deletes the rows of a practice's part, except those of edited practices. */
  const clear = (table: 'practice_contexts' | 'practice_ratings' | 'practice_keywords') => {
    let q = tx.deleteFrom(table);
    if (keep.length > 0) q = q.where('practice_id', 'not in', keep);
    return q.execute();
  };
  const practices = content.practices.filter((p) => !editedPractices.has(p.id));
  await upsert(
    tx,
    'keywords',
    ['handle'],
    content.keywords.map((k, position) => ({ ...k, position })),
  );
  await upsert(
    tx,
    'practices',
    ['id'],
    practices.map((p) => ({
      id: p.id,
      title: p.title,
      claim: p.claim,
      teaser: p.teaser,
      emoji: p.emoji,
      area: p.area,
      duration_days: p.duration_days,
      description: p.description,
      created_at: now,
      updated_at: now,
    })),
  );
  const withContext = practices.filter((p) => p.context);
  await clear('practice_contexts');
  await upsert(
    tx,
    'practice_contexts',
    ['practice_id'],
    withContext.map((p) => ({
      practice_id: p.id,
      ...p.context!,
      realization: JSON.stringify(p.context!.realization),
    })),
  );
  await clear('practice_ratings');
  await upsert(
    tx,
    'practice_ratings',
    ['practice_id'],
    practices.filter((p) => p.rating).map((p) => ({ practice_id: p.id, ...p.rating! })),
  );
  // Action steps keep their ids: upserted by id, and a step that left the content is marked
  // removed rather than deleted, so what refers to it (experiments, offline copies) stays valid.
  const actions = practices.flatMap((p) =>
    (p.actions ?? []).map((a, position) => ({
      id: a.id,
      practice_id: p.id,
      position,
      description: a.description,
      link_target: a.link_target ?? null,
      link_label: a.link_label ?? null,
      removed_at: null,
    })),
  );
  await upsert(tx, 'practice_actions', ['id'], actions);
  let removed = tx.updateTable('practice_actions').set({ removed_at: now }).where('removed_at', 'is', null);
  if (keep.length > 0) removed = removed.where('practice_id', 'not in', keep);
  if (actions.length > 0)
    removed = removed.where(
      'id',
      'not in',
      actions.map((a) => a.id),
    );
  await removed.execute();
  await clear('practice_keywords');
  await insertAll(
    tx,
    'practice_keywords',
    practices.flatMap((p) =>
      p.keywords.map((keyword, position) => ({ practice_id: p.id, keyword, position })),
    ),
  );
  const compilations = content.compilations.filter((c) => !editedCompilations.has(c.id));
  await upsert(
    tx,
    'compilations',
    ['id'],
    compilations.map(({ practices: _, ...c }) => c),
  );
  let clearSets = tx.deleteFrom('compilation_practices');
  if (editedCompilations.size > 0)
    clearSets = clearSets.where('compilation_id', 'not in', [...editedCompilations]);
  await clearSets.execute();
  await insertAll(
    tx,
    'compilation_practices',
    compilations.flatMap((c) =>
      c.practices.map((practice_id, position) => ({ compilation_id: c.id, practice_id, position })),
    ),
  );
  await upsert(
    tx,
    'advices',
    ['id'],
    content.advices.map((text, i) => ({ id: i + 1, content: text })).filter((a) => !editedAdvices.has(a.id)),
  );
  await upsert(tx, 'categories', ['id'], content.categories);
  await upsert(
    tx,
    'changelog_items',
    ['id'],
    content.changelog.filter((c) => !editedChangelog.has(c.id)),
  );
  await upsert(
    tx,
    'roadmap_items',
    ['id'],
    content.roadmap.map((r, position) => ({ ...r, position })).filter((r) => !editedRoadmap.has(r.id)),
  );
}

/**
 * Changes with every content edit in /nova and every publication of pooled effects
 * (practices/pooled-job.ts); the seed's hash changes with the files.
 */
export const CONTENT_EDIT = 'content_edit';

/**
 * Marks the content as changed, so pre-rendered method answers, rankings and ETags are renewed
 * (after its commit, forgetContentVersion makes this process read it anew).
 */
export async function touchContent(db: Db, now: Date) {
  // Unique without the clock: a test's clock stands still, and two random letters met one in 1,296.
  const value = now.getTime().toString(36).slice(-6) + randomBytes(6).toString('base64url');
  await db
    .insertInto('secrets')
    .values({ key: CONTENT_EDIT, value })
    .onConflict((oc) => oc.column('key').doUpdateSet({ value }))
    .execute();
}

const storedHash = preparedQuery((db: Database) =>
  db.selectFrom('secrets').select(['key', 'value']).where('key', 'in', [CONTENT_HASH, CONTENT_EDIT]),
);
/**
 * How long a process trusts the content version it read. A seed or an edit in this process
 * forgets it at once (forgetContentVersion); another process sharing the database sees the change
 * within this time. Reading it per request was a tenth of a method read's CPU.
 */
export const CONTENT_VERSION_TTL_MS = 1000;
const versions = new WeakMap<Database, { value: string; readAt: number }>();
/**
 * How often this process forgot the version: a read begun before the last forget is not kept (it
 * may have read the version before the change that was forgotten for, and would keep it for
 * CONTENT_VERSION_TTL_MS: a tips evaluation's read beside the pooled job's publication kept the
 * old rankings on PostgreSQL, 2026-12-07).
 */
const forgets = new WeakMap<Database, number>();

/** The content version this process read less than CONTENT_VERSION_TTL_MS ago, if any. */
export function knownContentVersion(db: Database) {
  const known = versions.get(db);
  return known && performance.now() - known.readAt < CONTENT_VERSION_TTL_MS ? known.value : undefined;
}

/** Identifies the content as it is: changes exactly when a seed writes or an admin edits it. */
export async function contentVersion(db: Database) {
  const known = knownContentVersion(db);
  if (known !== undefined) return known;
  const readAt = performance.now();
  const forgotten = forgets.get(db);
  const rows = await storedHash(db);
  const hash = rows.find((r) => r.key === CONTENT_HASH)?.value ?? 'unseeded';
  const edit = rows.find((r) => r.key === CONTENT_EDIT)?.value;
  const value = edit ? `${hash.slice(0, 12)}${edit}` : hash;
  if (forgets.get(db) === forgotten) versions.set(db, { value, readAt });
  return value;
}

/** After a content write has committed: the next request reads the version anew. */
export function forgetContentVersion(db: Database) {
  versions.delete(db);
  forgets.set(db, (forgets.get(db) ?? 0) + 1);
}

/**
 * Seeds the content when it changed since the last seed; returns whether it wrote. Without
 * `content` it reads the content files, and parses them only when their bytes changed since the
 * seed that recorded them (a start with unchanged files reads one row).
 */
export async function seed(db: Database, content?: Content, clock: Clock = systemClock): Promise<boolean> {
  const files = content ? undefined : contentFilesHash();
  const stored = new Map(
    (
      await db
        .selectFrom('secrets')
        .select(['key', 'value'])
        .where('key', 'in', [CONTENT_HASH, CONTENT_FILES])
        .execute()
    ).map((r) => [r.key, r.value]),
  );
  const seeded = stored.get(CONTENT_HASH);
  if (files && seeded && stored.get(CONTENT_FILES) === `${files} ${seeded}`) return false;
  // The parser (yaml, gray-matter) is loaded only now: most starts never need it.
  const parsed = content ?? (await import('./load-content.ts')).loadContent();
  const hash = createHash('sha256').update(JSON.stringify(parsed)).digest('hex');
  const record = files ? [{ key: CONTENT_FILES, value: `${files} ${hash}` }] : [];
  if (seeded === hash) {
    if (record.length > 0) await db.transaction().execute((tx) => upsert(tx, 'secrets', ['key'], record));
    return false;
  }
  await db.transaction().execute(async (tx) => {
    await write(tx, parsed, clock.now().toISOString());
    await upsert(tx, 'secrets', ['key'], [{ key: CONTENT_HASH, value: hash }, ...record]);
  });
  forgetContentVersion(db);
  return true;
}
