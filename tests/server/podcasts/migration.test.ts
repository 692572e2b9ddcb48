// Migration 0005 carries the podcasts of before over: the old owner_id becomes the owner's
// membership, the only place ownership lives now.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { createDatabase } from '../../../src/server/db/database.ts';
import * as accounts from '../../../src/server/db/migrations/0001-accounts.ts';
import * as content from '../../../src/server/db/migrations/0002-content.ts';
import * as foundation from '../../../src/server/db/migrations/0003-foundation.ts';
import * as imageKeys from '../../../src/server/db/migrations/0004-image-keys.ts';
import * as podcasts from '../../../src/server/db/migrations/0005-podcasts.ts';
import type { MigrationDb } from '../../../src/server/db/migrations/column-types.ts';
import { freshPostgres } from '../helpers/test-app.ts';

const adminUrl = process.env.TEST_DATABASE_URL;
const db = createDatabase({
  dataDir: mkdtempSync(join(tmpdir(), 'kompass-migration-')),
  databaseUrl: adminUrl ? await freshPostgres(adminUrl) : undefined,
});
afterAll(() => db.destroy());

it('turns owner_id into the owner’s membership and keeps every membership', async () => {
  const old = db as unknown as MigrationDb;
  for (const m of [accounts, content, foundation, imageKeys]) await m.up(old, db.engine);
  const now = '2026-11-01T10:00:00.000Z';
  const user = (email: string) => ({ email, password_hash: 'x', created_at: now, updated_at: now });
  await old
    .insertInto('users')
    .values([user('anna@example.org'), user('ben@example.org')])
    .execute();
  await old
    .insertInto('podcasts')
    .values([
      { title: 'Mit Mitgliedschaft', owner_id: 1, created_at: now },
      { title: 'Ohne Mitgliedschaft', owner_id: 1, created_at: now },
    ])
    .execute();
  await old
    .insertInto('memberships')
    .values([
      { podcast_id: 1, user_id: 1, role: 'editor', active: 1, created_at: now },
      { podcast_id: 1, user_id: 2, role: 'observer', active: 0, created_at: now },
    ])
    .execute();

  await podcasts.up(old, db.engine);

  const rows = await db
    .selectFrom('memberships')
    .select(['podcast_id', 'user_id', 'role', 'active'])
    .orderBy('podcast_id')
    .orderBy('user_id')
    .execute();
  expect(rows).toEqual([
    { podcast_id: 1, user_id: 1, role: 'owner', active: 1 },
    { podcast_id: 1, user_id: 2, role: 'observer', active: 0 },
    { podcast_id: 2, user_id: 1, role: 'owner', active: 1 },
  ]);
  expect(
    await db
      .selectFrom('podcasts')
      .select(['id', 'title', 'created_at', 'updated_at'])
      .orderBy('id')
      .execute(),
  ).toEqual([
    { id: 1, title: 'Mit Mitgliedschaft', created_at: now, updated_at: now },
    { id: 2, title: 'Ohne Mitgliedschaft', created_at: now, updated_at: now },
  ]);
  // New rows get new ids (PostgreSQL's sequence moved past the copied ones).
  const next = await db
    .insertInto('podcasts')
    .values({ title: 'Neu', created_at: now, updated_at: now })
    .returning('id')
    .executeTakeFirstOrThrow();
  expect(next.id).toBe(3);
  // One owner per podcast.
  await db
    .insertInto('memberships')
    .values({ podcast_id: next.id, user_id: 1, role: 'owner', active: 1, created_at: now })
    .execute();
  await expect(
    db
      .insertInto('memberships')
      .values({ podcast_id: next.id, user_id: 2, role: 'owner', active: 1, created_at: now })
      .execute(),
  ).rejects.toThrow();
});
