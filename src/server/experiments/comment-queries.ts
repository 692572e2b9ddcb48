// An experiment's comments as the API sends them, oldest first: the newest COMMENTS_PAGE of them,
// and, with `before` (a comment's id), the ones before it (Entscheidung EXP-3).
import type { Comment } from '../../shared/experiments.ts';
import type { Database, Db } from '../db/database.ts';
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
// The insert answers the comment with its author's name and image: one statement on both engines
// (a subquery in RETURNING), one round trip (Entscheidung EXP-2). Built once (prepared-query.ts).
const insertComment = preparedWrite(
  (db: Db, experiment_id: number, user_id: number, content: string, created_at: string) =>
    db
      .insertInto('comments')
      .values({ experiment_id, user_id, content, created_at })
      .returning((eb) => [
        'id',
        'content',
        'created_at',
        eb.selectFrom('users as u').select('u.name').whereRef('u.id', '=', 'comments.user_id').as('name'),
        // The image by its id, so each lookup is one index probe (a join let PostgreSQL scan images).
        eb
          .selectFrom('images as i')
          .select('i.key')
          .where('i.id', '=', (sub) =>
            sub.selectFrom('users as u').select('u.image_id').whereRef('u.id', '=', 'comments.user_id'),
          )
          .as('image_key'),
      ]),
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

/** Adds a comment and answers it as the API sends it, in one unit of work. */
export function addComment(
  db: Database,
  experimentId: number,
  userId: number,
  content: string,
  at: string,
): Promise<{ data: Comment }> {
  return db.write(async (tx) => {
    const [row] = (await insertComment(tx, experimentId, userId, content, at)).rows;
    return { data: serializeComment(row!) };
  });
}
