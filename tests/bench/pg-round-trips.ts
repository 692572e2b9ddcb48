// What a keyed write's round trips cost PostgreSQL and node-pg by themselves, without our server:
// the floor under the step toggle's figure in api-throughput.ts. Trivial statements (one row read by
// its key, one updated), each shape as 32 callers on a pool of 10 as under the bench's wrk load, sent
// the way the server sends them (named statements, db/named-statements.ts; BEGIN with the first
// statement and COMMIT with the last, db/begin-commit.ts): one read; one update committing on its
// own; the toggle's three round trips (BEGIN + the read, the write, the answer's update + COMMIT);
// the same with BEGIN and COMMIT as round trips of their own (five). Prints transactions per second
// and the CPU per transaction of this process and of PostgreSQL's processes.
// On a throw-away cluster (port BENCH_PG_PORT, default 55490), fsync off as in api-throughput.ts.
// Loopback only.
// Run: npx tsx tests/bench/pg-round-trips.ts [seconds per shape, default 8]
import pg from 'pg';
import { beginWith, sendAround } from '../../src/server/db/begin-commit.ts';
import { nameStatements } from '../../src/server/db/named-statements.ts';
import { startPostgres } from '../postgres.ts';
import { postgresCpu } from './wrk-run.ts';

const seconds = Number(process.argv[2] ?? 8);
const CALLERS = 32;
const ROWS = 10;

const READ = 'select n from round_trips where id = $1';
const WRITE = 'update round_trips set n = n + 1 where id = $1';
const ANSWER = 'update round_trips set n = n - 1 where id = $1';
type Shape = { name: string; run: (client: pg.PoolClient, id: number) => Promise<unknown> };
const shapes: Shape[] = [
  { name: 'one read (1 round trip)', run: (c, id) => c.query(READ, [id]) },
  { name: 'one write on its own (1)', run: (c, id) => c.query(WRITE, [id]) },
  {
    name: "the toggle's: begin+read, write, write+commit (3)",
    run: async (c, id) => {
      await beginWith(c, READ, [id]);
      await c.query(WRITE, [id]);
      await sendAround(c, ANSWER, [id], { begin: false, commit: true });
    },
  },
  {
    name: 'begin, read, write, write, commit (5)',
    run: async (c, id) => {
      await c.query('begin');
      await c.query(READ, [id]);
      await c.query(WRITE, [id]);
      await c.query(ANSWER, [id]);
      await c.query('commit');
    },
  },
];

const cluster = startPostgres(Number(process.env.BENCH_PG_PORT ?? 55490));
const port = Number(new URL(cluster.url).port);
const pool = new pg.Pool({ connectionString: cluster.url, max: 10 });
// The cluster's stop ends the pool's idle connections: expected, not an error of the bench.
pool.on('error', () => {});
pool.on('connect', nameStatements);
try {
  await pool.query('create table round_trips (id integer primary key, n integer not null)');
  await pool.query(`insert into round_trips select g, 0 from generate_series(1, ${ROWS}) g`);
  console.log(`${CALLERS} callers, a pool of 10, ${seconds} s per shape; CPU per transaction`);
  console.log('shape'.padEnd(50), 'tx/s'.padStart(7), 'node µs'.padStart(8), 'PG µs'.padStart(7));
  for (const shape of shapes) {
    let done = 0;
    const end = Date.now() + seconds * 1000;
    const node = process.cpuUsage();
    const before = postgresCpu(port) ?? 0;
    await Promise.all(
      Array.from({ length: CALLERS }, async (_, caller) => {
        while (Date.now() < end) {
          const client = await pool.connect();
          try {
            await shape.run(client, (caller % ROWS) + 1);
          } finally {
            client.release();
          }
          done++;
        }
      }),
    );
    const spent = process.cpuUsage(node);
    const postgres = ((postgresCpu(port) ?? 0) - before) * 1e6;
    console.log(
      shape.name.padEnd(50),
      String(Math.round(done / seconds)).padStart(7),
      String(Math.round((spent.user + spent.system) / done)).padStart(8),
      String(Math.round(postgres / done)).padStart(7),
    );
  }
} finally {
  await pool.end();
  cluster.stop();
}
