// Writes the editorial content into the database. Idempotent: rows are upserted by id, so
// re-seeding updates text without touching user data that refers to a method.
import { createHash } from 'node:crypto';
import type { Transaction } from 'kysely';
import { systemClock, type Clock } from '../../clock.ts';
import type { Database } from '../database.ts';
import { preparedQuery } from '../prepared-query.ts';
import type { DB } from '../schema.ts';
import { loadContent, type Content } from './load-content.ts';

type Tx = Transaction<DB>;
const CONTENT_HASH = 'content_hash';

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

async function replaceChildren<T extends 'practice_keywords'>(
  tx: Tx,
  table: T,
  rows: Record<string, unknown>[],
) {
  await tx.deleteFrom(table).execute();
  for (let i = 0; i < rows.length; i += 50) {
    await tx
      .insertInto(table)
      .values(rows.slice(i, i + 50) as never)
      .execute();
  }
}

async function write(tx: Tx, content: Content, now: string) {
  const { practices } = content;
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
  await tx.deleteFrom('practice_contexts').execute();
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
  await tx.deleteFrom('practice_ratings').execute();
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
  if (actions.length > 0)
    removed = removed.where(
      'id',
      'not in',
      actions.map((a) => a.id),
    );
  await removed.execute();
  await replaceChildren(
    tx,
    'practice_keywords',
    practices.flatMap((p) =>
      p.keywords.map((keyword, position) => ({ practice_id: p.id, keyword, position })),
    ),
  );
  await upsert(
    tx,
    'compilations',
    ['id'],
    content.compilations.map(({ practices: _, ...c }) => c),
  );
  await tx.deleteFrom('compilation_practices').execute();
  for (const c of content.compilations) {
    await tx
      .insertInto('compilation_practices')
      .values(c.practices.map((practice_id, position) => ({ compilation_id: c.id, practice_id, position })))
      .execute();
  }
  await upsert(
    tx,
    'advices',
    ['id'],
    content.advices.map((text, i) => ({ id: i + 1, content: text })),
  );
  await upsert(tx, 'categories', ['id'], content.categories);
  await upsert(tx, 'changelog_items', ['id'], content.changelog);
  await upsert(
    tx,
    'roadmap_items',
    ['id'],
    content.roadmap.map((r, position) => ({ ...r, position })),
  );
}

const storedHash = preparedQuery((db: Database) =>
  db.selectFrom('secrets').select('value').where('key', '=', CONTENT_HASH),
);
/** Identifies the seeded content; it changes exactly when a seed writes. Read per request. */
export async function contentVersion(db: Database) {
  const [row] = await storedHash(db);
  return row?.value ?? 'unseeded';
}

/** Seeds the content when it changed since the last seed; returns whether it wrote. */
export async function seed(
  db: Database,
  content: Content = loadContent(),
  clock: Clock = systemClock,
): Promise<boolean> {
  const hash = createHash('sha256').update(JSON.stringify(content)).digest('hex');
  const stored = await db
    .selectFrom('secrets')
    .select('value')
    .where('key', '=', CONTENT_HASH)
    .executeTakeFirst();
  if (stored?.value === hash) return false;
  await db.transaction().execute(async (tx) => {
    await write(tx, content, clock.now().toISOString());
    await upsert(tx, 'secrets', ['key'], [{ key: CONTENT_HASH, value: hash }]);
  });
  return true;
}
