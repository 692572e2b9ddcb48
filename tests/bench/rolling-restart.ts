// A rolling restart under load, and a PostgreSQL restart: three app processes on one PostgreSQL
// behind a local nginx, a steady stream of reads and writes (comments, each with its
// Idempotency-Key, sent again with the same key after a 503 or 409 until acknowledged), the apps
// restarted one by one with SIGTERM, then PostgreSQL restarted once (`-m immediate`, as a crash or
// failover would). Prints: requests sent, 2xx, 503 during the database restart, other errors
// (goal 0), acknowledged writes lost (goal 0), writes applied twice (goal 0). The apps, nginx and
// the load: tests/bench/support/ (shared with failover.ts).
//
// Run: npx tsx tests/bench/rolling-restart.ts
// Loopback only. Its own PostgreSQL cluster on port 55440 (tests/postgres.ts), never the shared
// one; nginx (Debian's package) with its own prefix, config and temp folders under a temp dir.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { startPostgres } from '../postgres.ts';
import { freePort, waitUntilUp } from '../support/loopback-server.ts';
import {
  running,
  startApp as startAppIn,
  startNginx,
  stopAll,
  stopApp,
  type App,
} from './support/app-fleet.ts';
import { countWrites, createMembers, Load } from './support/load.ts';

const work = mkdtempSync(join(tmpdir(), 'kompass-rolling-'));
const WRITERS = 4;
const READERS = 4;
const PREFIX = 'Neustart';
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const log = (line: string) => console.log(`[${new Date().toISOString().slice(11, 19)}] ${line}`);

const cluster = startPostgres(55440);
const apps: App[] = [];
let nginx: Awaited<ReturnType<typeof startNginx>> | undefined;
const load = new Load(PREFIX);
const startApp = (app: App, n: number) => startAppIn(work, app, n, cluster.url);

// --- The run -----------------------------------------------------------------------------------

try {
  for (let n = 0; n < 3; n++) apps.push({ port: await freePort() });
  // The first process migrates and seeds alone; the others find it done.
  await startApp(apps[0]!, 0);
  await Promise.all([startApp(apps[1]!, 1), startApp(apps[2]!, 2)]);
  const proxyPort = await freePort();
  nginx = await startNginx(work, apps, proxyPort);
  const base = `http://127.0.0.1:${proxyPort}`;
  log(`3 apps on ${apps.map((a) => a.port).join(', ')} behind nginx on ${proxyPort}; logs in ${work}`);

  const db = new pg.Pool({ connectionString: cluster.url, max: 2 });
  db.on('error', () => {}); // the bench's own connections die with the restart below
  const members = await createMembers(base, db, WRITERS + READERS, PREFIX);
  load.start(members.slice(0, WRITERS), members.slice(WRITERS));
  await sleep(3_000);
  for (let n = 0; n < 3; n++) {
    load.phase = `app ${n} stopping`;
    const code = await stopApp(apps[n]!);
    log(`app ${n} stopped (SIGTERM, exit code ${code}); starting it again`);
    load.phase = `app ${n} restarting`;
    await startApp(apps[n]!, n);
    log(`app ${n} ready again`);
    load.phase = 'steady load';
    await sleep(2_000);
  }
  log('restarting PostgreSQL (-m immediate, 3 s down)');
  load.outage = true;
  load.phase = 'database restart';
  await db.end().catch(() => {});
  cluster.halt();
  await sleep(3_000);
  cluster.resume();
  await Promise.all(
    apps.map((app) => waitUntilUp(`http://127.0.0.1:${app.port}/readyz`, { timeoutMs: 60_000 })),
  );
  // Requests that met the outage may still be answering: a moment's grace, then 503s count as errors.
  await sleep(1_000);
  load.outage = false;
  load.phase = 'after the database restart';
  log('PostgreSQL back; every app ready');
  await sleep(3_000);
  await load.stop();

  const check = new pg.Client({ connectionString: cluster.url });
  await check.connect();
  const writes = await countWrites(check, PREFIX, load.acked);
  await check.end();
  const alive = apps.filter(running).length;

  load.print('during the database restart');
  console.log(`acknowledged writes:           ${load.acked.length}`);
  console.log(`acknowledged writes lost:      ${writes.lost}`);
  console.log(`writes applied twice:          ${writes.doubled}`);
  console.log(`app processes running:         ${alive} of 3`);
  process.exitCode = load.counts.other === 0 && writes.lost === 0 && alive === 3 ? 0 : 1;
} finally {
  await load.stop();
  await stopAll(nginx, apps);
  try {
    cluster.stop();
  } catch (error) {
    console.error(error);
  }
}
process.exit();
