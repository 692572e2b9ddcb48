// The editorial entries of /nova (logbook advices, changelog, roadmap): one table each, the same
// life: created with an id above the content files', edited (the seed then leaves the row alone),
// deleted by `deleted_at` (a re-seed does not bring it back). Every write is audited.
import type { AppContext } from '../../context.ts';
import type { Db } from '../../db/database.ts';
import { notFound } from '../../http/errors.ts';
import { audited } from '../audit.ts';

export type EntryTable = 'advices' | 'changelog_items' | 'roadmap_items';

export type EntryKind = {
  table: EntryTable;
  /** The audit log's subject type (`advice.create`, …). */
  subject: string;
  missing: string;
  /** Whether an edit renews the content version (advices are served with the content). */
  content?: boolean;
};

/** The next id of an editorial table (its ids come from the content files, not a sequence). */
async function nextId(tx: Db, table: 'advices' | 'changelog_items' | 'roadmap_items') {
  const { max } = await tx
    .selectFrom(table)
    .select((eb) => eb.fn.max('id').as('max'))
    .executeTakeFirstOrThrow();
  // Far above the ids of the content files, so a later file entry never meets an edited one.
  return Math.max(Number(max ?? 0) + 1, 10_000);
}

/** Creates (`id` undefined) or edits an entry; answers it as /nova shows it. */
export function saveEntry<Body extends Record<string, unknown>>(
  ctx: Pick<AppContext, 'db' | 'clock'>,
  request: Parameters<typeof audited>[1] & { body: Body },
  kind: EntryKind,
  id: number | undefined,
) {
  const { table, subject, missing } = kind;
  const body = request.body;
  return audited(ctx, request, async (tx, now) => {
    const stamp = now.toISOString();
    let entryId = id;
    if (entryId === undefined) {
      entryId = await nextId(tx, table);
      await tx
        .insertInto(table as 'changelog_items')
        .values({ id: entryId, ...body, edited_at: stamp } as never)
        .execute();
    } else {
      const r = await tx
        .updateTable(table as 'changelog_items')
        .set({ ...body, edited_at: stamp } as never)
        .where('id', '=', entryId)
        .where('deleted_at', 'is', null)
        .executeTakeFirst();
      if (Number(r.numUpdatedRows) === 0) throw notFound(missing);
    }
    return {
      result: { data: { id: entryId, ...body, edited_at: stamp } },
      entry: {
        action: `${subject}.${id === undefined ? 'create' : 'update'}`,
        subjectType: subject,
        subjectId: entryId,
        ...('title' in body && { details: { title: body.title } }),
      },
      content: kind.content,
    };
  });
}

/** Deletes an entry: the row stays with `deleted_at` (a re-seed leaves edited rows alone). */
export function deleteEntry(
  ctx: Pick<AppContext, 'db' | 'clock'>,
  request: Parameters<typeof audited>[1],
  kind: EntryKind,
  id: number,
) {
  return audited(ctx, request, async (tx, now) => {
    const stamp = now.toISOString();
    const r = await tx
      .updateTable(kind.table as 'advices')
      .set({ deleted_at: stamp, edited_at: stamp })
      .where('id', '=', id)
      .where('deleted_at', 'is', null)
      .executeTakeFirst();
    if (Number(r.numUpdatedRows) === 0) throw notFound(kind.missing);
    return {
      result: undefined,
      entry: { action: `${kind.subject}.delete`, subjectType: kind.subject, subjectId: id },
      content: true,
    };
  });
}
