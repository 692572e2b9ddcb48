// A page of methods as JSON text for the method list (GET /api/podcasts/{id}/practices): each
// method's content part (texts, keywords, setup flags, the dates a new experiment would take) is
// rendered once per content version and Berlin day and kept as text; a request adds only what is
// the podcast's (flags, score, reasons) and joins the parts (Entscheidung PRA-2: the texts were
// most of a list's CPU). Like the rendered method (practice-routes.ts), a card follows the
// content version (a seed or an admin edit); a method that is new or gone is seen at once, since
// the page's ids and flags are read per request.
import type { Database } from '../db/database.ts';
import { preparedIdList } from '../db/prepared-query.ts';
import { contentVersion } from '../db/seed/seed.ts';
import { berlinDate } from '../../shared/calendar.ts';
import { practiceSummaries, serializePractices } from './practice-queries.ts';
import { reasonsOf } from './reasons.ts';
import type { Ranking } from './ranking.ts';

/** What a page's row must carry: the method and the podcast's flags for it. */
export type FlagRow = {
  id: number;
  bookmark_id: number | null;
  application_id: number | null;
  applied_on: string | null;
  rejection_id: number | null;
};

/** The flags' columns of podcastPractices (its joins `b`, `a`, `r`), for a query that selects only them. */
export const flagColumns = [
  'practices.id',
  'b.id as bookmark_id',
  'a.id as application_id',
  'a.starts_on as applied_on',
  'r.id as rejection_id',
] as const;

const summariesById = preparedIdList(12, (db, ids) => practiceSummaries(db).where('practices.id', 'in', ids));

const MAX_CARDS = 5000;
/** Per database: the content parts, by method id, of the current content version and Berlin day only. */
const cardsByDb = new WeakMap<Database, { key: string; byId: Map<number, string> }>();

/** The content part of each method of `ids` as JSON text without its closing brace. */
async function cardsOf(db: Database, ids: number[], today: Date) {
  const key = `${await contentVersion(db)}|${berlinDate(today)}`;
  let cards = cardsByDb.get(db);
  // A new version or day starts afresh; so does a collection past MAX_CARDS (~1 KB each).
  if (cards?.key !== key || cards.byId.size > MAX_CARDS)
    cardsByDb.set(db, (cards = { key, byId: new Map() }));
  const { byId } = cards;
  const missing = ids.filter((id) => !byId.has(id));
  if (missing.length) {
    const rendered = await serializePractices(db, await summariesById(db, missing), today);
    for (const practice of rendered) {
      // The podcast's fields are added per request (renderPractices).
      const {
        similarity: _s,
        score: _c,
        reasons: _r,
        applied: _a,
        bookmarked: _b,
        rejected: _j,
        applied_on: _o,
        ...content
      } = practice;
      byId.set(practice.id, JSON.stringify(content).slice(0, -1));
    }
  }
  return byId;
}

/**
 * The methods of `rows`, in their order, as the JSON text of an array of PodcastPractice: scores
 * and reasons only with a `ranking` (Pro). A row whose method is gone is left out.
 */
export async function renderPractices(
  db: Database,
  rows: readonly FlagRow[],
  today: Date,
  ranking: Ranking | undefined,
) {
  const byId = await cardsOf(
    db,
    rows.map((r) => r.id),
    today,
  );
  const parts: string[] = [];
  for (const row of rows) {
    const card = byId.get(row.id);
    if (card === undefined) continue;
    const score = ranking?.scoreOf(row.id);
    // null without a ranking (Basic) and for a method whose score was not computed (no rating).
    const similarity = JSON.stringify(score?.similarity ?? null);
    const reasons = score ? JSON.stringify(reasonsOf(score.codes)) : 'null';
    parts.push(
      `${card},"similarity":${similarity},"score":${similarity},"reasons":${reasons},"bookmarked":${row.bookmark_id !== null},"applied":${row.application_id !== null},"applied_on":${JSON.stringify(row.applied_on)},"rejected":${row.rejection_id !== null}}`,
    );
  }
  return { json: `[${parts.join(',')}]`, count: parts.length };
}
