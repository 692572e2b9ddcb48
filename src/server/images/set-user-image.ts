// Points a user at a new picture and deletes the one it replaces. A compare-and-set on the old
// image id, so two uploads at once leave no orphaned picture behind, and an upload that finishes
// after its account was deleted deletes its own image.
import type { Database } from '../db/database.ts';
import { HttpError } from '../http/errors.ts';

export async function setUserImage(db: Database, userId: number, imageId: number) {
  for (;;) {
    const current = await db
      .selectFrom('users')
      .select('image_id')
      .where('id', '=', userId)
      .executeTakeFirst();
    if (!current) {
      await db.deleteFrom('images').where('id', '=', imageId).execute();
      throw new HttpError(401, 'Du bist nicht angemeldet.');
    }
    const old = current.image_id;
    const result = await db
      .updateTable('users')
      .set({ image_id: imageId })
      .where('id', '=', userId)
      .where('image_id', old === null ? 'is' : '=', old)
      .executeTakeFirst();
    if (Number(result.numUpdatedRows) === 1) {
      if (old !== null) await db.deleteFrom('images').where('id', '=', old).execute();
      return;
    }
  }
}
