// db/named-statements.ts on the wire (a loopback proxy, tests/support/pg-round-trips.ts): a
// pooled connection parses and describes a named statement once, later runs only bind and
// execute it, and its rows come back read as at first (Entscheidung DB-26). PostgreSQL only.
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nameStatements } from '../../../src/server/db/named-statements.ts';
import { startRoundTripProxy } from '../../support/pg-round-trips.ts';
import { freshPostgres } from '../helpers/test-app.ts';

const adminUrl = process.env.TEST_DATABASE_URL;

describe.skipIf(!adminUrl)('named statements on PostgreSQL', () => {
  let proxy: Awaited<ReturnType<typeof startRoundTripProxy>>;
  let pool: pg.Pool;
  beforeAll(async () => {
    const url = new URL(await freshPostgres(adminUrl!));
    proxy = await startRoundTripProxy({ host: url.hostname, port: Number(url.port || 5432) });
    url.hostname = '127.0.0.1';
    url.port = String(proxy.port);
    pool = new pg.Pool({ connectionString: url.toString(), max: 1 });
    pool.on('connect', nameStatements);
  });
  afterAll(async () => {
    await pool?.end();
    await proxy?.close();
  });

  const text = 'select $1::int as n, $2::text as word, $1::int > 1 as big, null::int as nothing';
  /** As Kysely's driver sends a query: on a pooled client, text and values, no callback. */
  async function query(values: unknown[]) {
    const client = await pool.connect();
    try {
      return await client.query(text, values);
    } finally {
      client.release();
    }
  }

  it('describes a statement once per connection and reads its later rows alike', async () => {
    proxy.take();
    const first = await query([1, 'eins']);
    const second = await query([2, 'zwei']);
    const third = await query([3, 'drei']);
    expect(first.rows).toEqual([{ n: 1, word: 'eins', big: false, nothing: null }]);
    expect(second.rows).toEqual([{ n: 2, word: 'zwei', big: true, nothing: null }]);
    expect(third.rows).toEqual([{ n: 3, word: 'drei', big: true, nothing: null }]);
    expect(third.fields.map((f) => f.name)).toEqual(['n', 'word', 'big', 'nothing']);
    const { trips } = proxy.take();
    expect(trips.map((t) => [t.sql, t.described])).toEqual([
      [text, 1],
      [text, 0],
      [text, 0],
    ]);
  });

  it('fails a statement whose value cannot be sent, and the connection goes on', async () => {
    const circular: Record<string, unknown> = {};
    circular.self = circular;
    await expect(query([circular, 'x'])).rejects.toThrow();
    expect((await query([4, 'vier'])).rows).toEqual([{ n: 4, word: 'vier', big: true, nothing: null }]);
  });
});
