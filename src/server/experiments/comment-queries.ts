// An experiment's comments as the API sends them, oldest first.
import type { Comment } from '../../shared/experiments.ts';
import type { Db } from '../db/database.ts';
import { imageUri } from '../users/serialize-user.ts';

export async function loadComments(db: Db, experimentId: number, commentId?: number): Promise<Comment[]> {
  let query = db
    .selectFrom('comments as c')
    .leftJoin('users as u', 'u.id', 'c.user_id')
    .leftJoin('images as i', 'i.id', 'u.image_id')
    .select(['c.id', 'c.content', 'c.created_at', 'u.name', 'i.key as image_key'])
    .where('c.experiment_id', '=', experimentId);
  if (commentId !== undefined) query = query.where('c.id', '=', commentId);
  const rows = await query.orderBy('c.created_at').orderBy('c.id').execute();
  return rows.map((c) => ({
    id: c.id,
    content: c.content,
    created_at: c.created_at,
    user: { name: c.name ?? null, image: imageUri(c.image_key) },
  }));
}

/** Adds a comment and answers it as the API sends it. */
export async function addComment(db: Db, experimentId: number, userId: number, content: string, at: string) {
  const { id } = await db
    .insertInto('comments')
    .values({ experiment_id: experimentId, user_id: userId, content, created_at: at })
    .returning('id')
    .executeTakeFirstOrThrow();
  const [comment] = await loadComments(db, experimentId, id);
  return comment!;
}
