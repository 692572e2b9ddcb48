// An experiment's comments as the API sends them, oldest first: the newest COMMENTS_PAGE of them,
// and, with `before` (a comment's id), the ones before it (Entscheidung EXP-3).
import type { Comment } from '../../shared/experiments.ts';
import type { Database, Db } from '../db/database.ts';
import { oneWrite } from '../db/one-write.ts';
import { newestPage, olderThan, pageOf, type Keyset } from '../db/keyset-page.ts';
import { preparedQuery, preparedWrite } from '../db/prepared-query.ts';
import { imageUri } from '../users/serialize-user.ts';

const commentRows = (db: Db, experimentId: number) =>
  db
    .selectFrom('comments as c')
    .leftJoin('users as u', 'u.id', 'c.user_id')
    .leftJoin('images as i', 'i.id', 'u.image_id')
    .select(['c.id', 'c.content', 'c.created_at', 'u.name', 'i.key as image_key'])
    .where('c.experiment_id', '=', experimentId);
/** Comments per page of the list. */
export const COMMENTS_PAGE = 50;
const pages: Keyset = { table: 'comments', alias: 'c', list: 'experiment_id', size: COMMENTS_PAGE };
const newestFirst = (db: Db, experimentId: number) => newestPage(commentRows(db, experimentId), pages);
// Built once (prepared-query.ts): the pages and the one comment a write answers.
const newestComments = preparedQuery(newestFirst);
const commentsBefore = preparedQuery((db: Db, experimentId: number, before: number) =>
  newestFirst(db, experimentId).where(olderThan(pages, experimentId, before)),
);
const oneCommentOf = (db: Db, experimentId: number, commentId: number) =>
  commentRows(db, experimentId).where('c.id', '=', commentId);
// Inside the write's transaction (SQLite: writeSync).
const oneCommentInTx = preparedWrite(oneCommentOf);
const insertComment = preparedWrite(
  (db: Db, experiment_id: number, user_id: number, content: string, created_at: string) =>
    db.insertInto('comments').values({ experiment_id, user_id, content, created_at }).returning('id'),
);

type CommentRow = {
  id: number;
  content: string;
  created_at: string;
  name: string | null;
  image_key: string | null;
};
const serializeComment = (c: CommentRow): Comment => ({
  id: c.id,
  content: c.content,
  created_at: c.created_at,
  user: { name: c.name ?? null, image: imageUri(c.image_key) },
});

/**
 * A page of comments, oldest first, and `meta.before`: the `before` of the page older than it
 * (null when there is none). Without `before` the newest page; an unknown `before` gives none.
 */
export async function loadComments(db: Db, experimentId: number, before?: number) {
  const rows = await (before === undefined
    ? newestComments(db, experimentId)
    : commentsBefore(db, experimentId, before));
  const { page, before: older } = pageOf(rows, pages);
  return { data: page.reverse().map(serializeComment), meta: { before: older } };
}

// PostgreSQL: the insert and the answer's read in one statement (a data-modifying WITH): one
// round trip fewer per comment (Entscheidung EXP-2). SQLite has no data-modifying WITH:
// there both run in one synchronous transaction (database.ts writeSync).
const insertAndRead = preparedWrite(
  (db: Db, experiment_id: number, user_id: number, content: string, created_at: string) =>
    db
      .with('c', (qc) =>
        qc
          .insertInto('comments')
          .values({ experiment_id, user_id, content, created_at })
          .returning(['id', 'content', 'created_at', 'user_id']),
      )
      .selectFrom('c')
      .leftJoin('users as u', 'u.id', 'c.user_id')
      .leftJoin('images as i', 'i.id', 'u.image_id')
      .select(['c.id', 'c.content', 'c.created_at', 'u.name', 'i.key as image_key']),
);

/**
 * Adds a comment and answers it as the API sends it, in one write (db/one-write.ts): on SQLite the
 * insert and the read in one transaction, on PostgreSQL in one statement.
 */
export function addComment(
  db: Database,
  experimentId: number,
  userId: number,
  content: string,
  at: string,
): Promise<{ data: Comment }> {
  return oneWrite(db, {
    sqlite: (run) => {
      const [{ id }] = insertComment.sync(db, run, experimentId, userId, content, at) as [{ id: number }];
      return { data: serializeComment(oneCommentInTx.sync(db, run, experimentId, id)[0]!) };
    },
    postgres: async () => {
      const [row] = (await insertAndRead(db, experimentId, userId, content, at)).rows;
      return { data: serializeComment(row!) };
    },
  });
}
