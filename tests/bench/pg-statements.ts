// What PostgreSQL runs per request of each api-targets.ts target: the statements (pg_stat_statements,
// the triggers' own statements too) with their mean execution time and how often and how long each
// was planned, and the rows inserted and updated per table (pg_stat_user_tables: a count row
// updated twice shows here). A count, not a speed: each target is sent N times one after another
// on a throw-away cluster (port BENCH_PG_PORT, default 55480) by the real server from the sources;
// loopback only. The tips' evaluations after the writes are waited for and counted with them, and
// so are the mail and push workers' polls meanwhile (a few hundredths of a statement per request).
// Run: npx tsx tests/bench/pg-statements.ts [N, default 50] [only targets containing,or this]
import { spawn } from 'node:child_process';
import { mkdtempSync, openSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import pg from 'pg';
import { startPostgres } from '../postgres.ts';
import { freePort, waitUntilUp } from '../support/loopback-server.ts';
import { prepareTargets, type Target } from './api-targets.ts';
import { serverEntry, serverEnv } from './support/bench-server.ts';

const rounds = Number(process.argv[2] ?? 50);
const only = (process.argv[3] ?? '').split(',');
const root = resolve(import.meta.dirname, '../..');
const dataDir = mkdtempSync(join(tmpdir(), 'kompass-pg-statements-'));
// Longer than the tips' debounce (TIP_DEBOUNCE_MS, 250 ms) and than an idle connection waits to
// report its table counts (PostgreSQL 15: 10 s).
const settle = () => new Promise((done) => setTimeout(done, 11_000));

const cluster = startPostgres(Number(process.env.BENCH_PG_PORT ?? 55480));
let admin: pg.Client | undefined;
const server = { child: undefined as ReturnType<typeof spawn> | undefined };
try {
  const setup = new pg.Client({ connectionString: cluster.url });
  await setup.connect();
  await setup.query(`ALTER SYSTEM SET shared_preload_libraries = 'pg_stat_statements'`);
  await setup.end();
  cluster.halt();
  cluster.resume();
  admin = new pg.Client({ connectionString: cluster.url });
  await admin.connect();
  await admin.query('CREATE EXTENSION pg_stat_statements');
  // Planning too: a statement PostgreSQL plans anew at each Bind (a custom plan) costs that each time.
  await admin.query('ALTER SYSTEM SET pg_stat_statements.track_planning = on');
  await admin.query('SELECT pg_reload_conf()');

  const port = await freePort();
  server.child = spawn(process.execPath, serverEntry(), {
    cwd: root,
    env: serverEnv(port, { DATA_DIR: dataDir, DATABASE_URL: cluster.url, CLIENT_DIR: '' }),
    stdio: ['ignore', openSync(join(dataDir, 'server.log'), 'a'), openSync(join(dataDir, 'server.log'), 'a')],
  });
  const base = `http://127.0.0.1:${port}`;
  await waitUntilUp(`${base}/sanctum/csrf-cookie`, { timeoutMs: 180_000, hint: `see ${dataDir}` });
  const { session, targets } = await prepareTargets(base, dataDir);
  let key = 0;
  /** The target's request, as wrk-write.lua sends it (a new key each; a toggle's steps in turn). */
  async function send(target: Target, n: number) {
    const by = target.by?.[n % target.by.length];
    const who = by?.session ?? session;
    const response = await fetch(`${base}${by?.path ?? target.path}`, {
      method: target.write?.method ?? 'GET',
      headers: {
        'accept-encoding': 'gzip, deflate, br',
        cookie: who.cookie,
        ...who.headers,
        ...(target.write ? { 'idempotency-key': `pg-statements-${process.pid}-${++key}` } : {}),
      },
      body: target.write?.body,
    });
    if (!response.ok) throw new Error(`${target.name}: ${response.status} ${await response.text()}`);
    await response.arrayBuffer();
  }
  const tableRows = async () =>
    new Map(
      (
        await admin!.query<{ relname: string; ins: string; upd: string }>(
          'SELECT relname, n_tup_ins AS ins, n_tup_upd AS upd FROM pg_stat_user_tables',
        )
      ).rows.map((r) => [r.relname, { ins: Number(r.ins), upd: Number(r.upd) }]),
    );
  const per = (n: number) => (n / rounds).toFixed(2).padStart(6);

  for (const target of targets.filter((t) => only.some((part) => t.name.includes(part)))) {
    for (let n = 0; n < 5; n++) await send(target, n); // named statements parsed, answers kept
    await settle();
    await admin.query('SELECT pg_stat_statements_reset()');
    const before = await tableRows();
    for (let n = 0; n < rounds; n++) await send(target, n);
    await settle();
    const { rows } = await admin.query<{
      calls: string;
      us: string;
      plan_us: string;
      plans: string;
      query: string;
    }>(
      `SELECT calls, round((total_exec_time * 1000 / calls)::numeric) AS us,
        round((total_plan_time * 1000 / greatest(plans, 1))::numeric) AS plan_us, plans,
        left(regexp_replace(query, '\\s+', ' ', 'g'), 110) AS query
      FROM pg_stat_statements WHERE calls > 0 AND query !~ 'pg_stat' ORDER BY calls DESC, query`,
    );
    const total = rows.reduce((sum, r) => sum + Number(r.calls), 0);
    console.log(
      `\n${target.name}: ${per(total).trim()} statements per request (${rounds} one after another)`,
    );
    for (const r of rows.filter((r) => Number(r.calls) * 20 >= rounds)) {
      // Planned once per connection when kept as a generic plan; at every call when not.
      const planned =
        Number(r.plans) > 0 ? `, planned ${per(Number(r.plans)).trim()}× at ${r.plan_us} µs` : '';
      console.log(`${per(Number(r.calls))} ${`${r.us} µs`.padStart(8)}${planned}  ${r.query}`);
    }
    const after = await tableRows();
    const changed = [...after].flatMap(([table, { ins, upd }]) => {
      const was = before.get(table) ?? { ins: 0, upd: 0 };
      return ins - was.ins || upd - was.upd
        ? [`${table} +${per(ins - was.ins).trim()} ~${per(upd - was.upd).trim()}`]
        : [];
    });
    if (changed.length) console.log(`  rows per request (+inserted ~updated): ${changed.join(', ')}`);
  }
} finally {
  server.child?.kill('SIGTERM');
  await admin?.end();
  if (server.child && server.child.exitCode === null)
    await new Promise((done) => server.child!.once('exit', done));
  cluster.stop();
  rmSync(dataDir, { recursive: true, force: true });
}
