// The content version a process keeps for CONTENT_VERSION_TTL_MS (db/seed/seed.ts): a read that
// was under way when a change made the process forget the version must not keep what it read, or
// every ranking and method answer would stay the old one for that long (a tips evaluation's read
// beside the pooled effects' publication did so on PostgreSQL).
import { describe, expect, it } from 'vitest';
import { contentVersion, forgetContentVersion, touchContent } from '../../../src/server/db/seed/seed.ts';
import { createTestApp } from '../helpers/test-app.ts';

describe('the content version', () => {
  it('keeps no version read while it was forgotten; the next read sees the change', async () => {
    const t = await createTestApp();
    forgetContentVersion(t.db);
    const before = await contentVersion(t.db);
    forgetContentVersion(t.db);
    // A read under way (a request's), then a publication commits and forgets the version.
    const underWay = contentVersion(t.db);
    forgetContentVersion(t.db);
    expect(await underWay).toBe(before);
    await touchContent(t.db, t.clock.now());
    const after = await contentVersion(t.db);
    expect(after).not.toBe(before);
    // Changed twice at the same clock time: still another version.
    await touchContent(t.db, t.clock.now());
    forgetContentVersion(t.db);
    expect(await contentVersion(t.db)).not.toBe(after);
  });
});
