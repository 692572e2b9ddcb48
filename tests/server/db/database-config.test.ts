// The database's limits from the environment: seconds (decimals allowed), sane defaults.
import { describe, expect, it } from 'vitest';
import { parseDatabaseConfig } from '../../../src/server/config.ts';

describe('database limits (DB_* variables)', () => {
  it('defaults to seconds, with the lock timeout below the acquisition timeout', () => {
    const config = parseDatabaseConfig({});
    expect(config).toEqual({
      statementTimeoutMs: 15_000,
      lockTimeoutMs: 2_000,
      acquireTimeoutMs: 5_000,
      poolSize: 10,
      startTimeoutMs: 0,
      sqliteSynchronous: 'full',
    });
    expect(config.lockTimeoutMs).toBeLessThan(config.acquireTimeoutMs);
  });

  it('reads seconds with decimals and refuses what is no number of seconds', () => {
    const config = parseDatabaseConfig({ DB_LOCK_TIMEOUT: '0.5', DB_START_TIMEOUT: '30', DB_POOL_SIZE: '4' });
    expect(config).toMatchObject({ lockTimeoutMs: 500, startTimeoutMs: 30_000, poolSize: 4 });
    expect(() => parseDatabaseConfig({ DB_STATEMENT_TIMEOUT: '10s' })).toThrow(/DB_STATEMENT_TIMEOUT/);
    expect(() => parseDatabaseConfig({ DB_LOCK_TIMEOUT: '0' })).toThrow(/DB_LOCK_TIMEOUT/);
  });
});
