// An experiment's comments as the API sends them, oldest first.
import type { Comment } from '../../shared/experiments.ts';
import type { Db } from '../db/database.ts';
import { preparedQuery, preparedWrite } from '../db/prepared-query.ts';
import { imageUri } from '../users/serialize-user.ts';

const commentRows = (db: Db, experimentId: number) =>
  db
    .selectFrom('comments as c')
    .leftJoin('users as u', 'u.id', 'c.user_id')
    .leftJoin('images as i', 'i.id', 'u.image_id')
    .select(['c.id', 'c.content', 'c.created_at', 'u.name', 'i.key as image_key'])
    .where('c.experiment_id', '=', experimentId);
// Built once (prepared-query.ts): the list and the one comment a write answers.
const allComments = preparedQuery((db: Db, experimentId: number) =>
  commentRows(db, experimentId).orderBy('c.created_at').orderBy('c.id'),
);
const oneComment = preparedQuery((db: Db, experimentId: number, commentId: number) =>
  commentRows(db, experimentId).where('c.id', '=', commentId),
);
const insertComment = preparedWrite(
  (db: Db, experiment_id: number, user_id: number, content: string, created_at: string) =>
    db.insertInto('comments').values({ experiment_id, user_id, content, created_at }).returning('id'),
);

export async function loadComments(db: Db, experimentId: number, commentId?: number): Promise<Comment[]> {
  const rows = await (commentId === undefined
    ? allComments(db, experimentId)
    : oneComment(db, experimentId, commentId));
  return rows.map((c) => ({
    id: c.id,
    content: c.content,
    created_at: c.created_at,
    user: { name: c.name ?? null, image: imageUri(c.image_key) },
  }));
}

/** Adds a comment and answers it as the API sends it. */
export async function addComment(db: Db, experimentId: number, userId: number, content: string, at: string) {
  const [{ id }] = (await insertComment(db, experimentId, userId, content, at)).rows as [{ id: number }];
  const [comment] = await loadComments(db, experimentId, id);
  return comment!;
}
