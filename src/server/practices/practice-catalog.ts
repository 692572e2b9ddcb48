// What every podcast's method list shares: each method's texts, keywords and setup flags, and the
// orders that do not depend on the podcast (latest, money, effort), read once per content version
// (seed.ts: it changes with every seed and every edit in /nova; another process's edit is seen
// within CONTENT_VERSION_TTL_MS). A list request then reads only the podcast's own part (flags,
// scores) for its page. Decision 2026-11-26 (issue 25): each list request sorted every method with
// its flag joins (45–60 µs on SQLite for 99 methods, a temp b-tree: `created_at` sits behind the
// long description) and read the page's texts and keywords again (120 µs), which made a list cost
// 30 bare routes. The orders are computed here exactly as orderPractices sorts in SQL (its test
// compares both).
import { budget, timeEffort } from '../../shared/vocabulary.ts';
import type { Database, Db } from '../db/database.ts';
import { contentVersion } from '../db/seed/seed.ts';
import { practiceSummaries, serializePractices, type PracticeSummary } from './practice-queries.ts';

type StaticOrder = 'latest' | 'money' | 'effort';
type Entry = Omit<Awaited<ReturnType<typeof serializePractices>>[number], 'date_from' | 'date_till'>;

export type PracticeCatalog = {
  version: string;
  byId: Map<number, Entry>;
  orders: Record<StaticOrder, number[]>;
};

/** Rank on a §9 scale like orderPractices' SQL `rank`: unknown or no context last. */
const ranker = (keys: readonly string[]) => (value: string | null | undefined) => {
  const i = value === null || value === undefined ? -1 : keys.indexOf(value);
  return i === -1 ? keys.length : i;
};
const moneyRank = ranker(budget.keys);
const timeRank = ranker(timeEffort.keys);

async function load(db: Db, version: string): Promise<PracticeCatalog> {
  const rows = await practiceSummaries(db)
    .leftJoin('practice_contexts as ctx', 'ctx.practice_id', 'practices.id')
    .select(['practices.created_at', 'ctx.investment', 'ctx.commitment'])
    .orderBy('practices.id')
    .execute();
  // The date fields are per request (serializePodcastPractices); any date serves here.
  const serialized = await serializePractices(db, rows as PracticeSummary[], new Date(0));
  const byId = new Map<number, Entry>();
  for (const { date_from: _f, date_till: _t, ...entry } of serialized) byId.set(entry.id, entry);
  const ranked = rows.map((r) => ({
    id: r.id,
    createdAt: r.created_at,
    money: moneyRank(r.investment),
    time: timeRank(r.commitment),
  }));
  const sorted = (compare: (a: (typeof ranked)[number], b: (typeof ranked)[number]) => number) =>
    [...ranked].sort(compare).map((r) => r.id);
  return {
    version,
    byId,
    orders: {
      // Newest first, equal times by id, newest id first (SQL compares the ISO texts the same way).
      latest: sorted((a, b) =>
        a.createdAt < b.createdAt ? 1 : a.createdAt > b.createdAt ? -1 : b.id - a.id,
      ),
      money: sorted((a, b) => a.money - b.money || a.time - b.time || a.id - b.id),
      effort: sorted((a, b) => a.time - b.time || a.money - b.money || a.id - b.id),
    },
  };
}

const catalogs = new WeakMap<object, Promise<PracticeCatalog>>();

/**
 * The catalog of the current content version. `methods`, when the caller knows how many methods
 * there are (a count it read anyway), also renews a catalog that holds another number: methods
 * written without a seed or an edit in /nova (tests and benches insert rows directly).
 */
export async function practiceCatalog(db: Db, methods?: number): Promise<PracticeCatalog> {
  const version = await contentVersion(db as Database);
  const cached = catalogs.get(db);
  if (cached) {
    const catalog = await cached;
    if (catalog.version === version && (methods === undefined || catalog.byId.size === methods))
      return catalog;
  }
  const loading = load(db, version);
  catalogs.set(db, loading);
  loading.catch(() => catalogs.delete(db));
  return loading;
}

/** The catalog entries of `ids`, renewing the catalog once when one is missing (see practiceCatalog). */
export async function catalogEntries(db: Db, ids: number[]) {
  let catalog = await practiceCatalog(db);
  if (ids.some((id) => !catalog.byId.has(id))) {
    catalogs.delete(db);
    catalog = await practiceCatalog(db);
  }
  return catalog.byId;
}
