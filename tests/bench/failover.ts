// A failover under load: a PostgreSQL primary with a synchronous streaming standby
// (synchronous_standby_names '*', synchronous_commit on: a commit the app acknowledged is on both),
// three app processes with DATABASE_URL naming both hosts (target_session_attrs=read-write) behind
// a local nginx, members writing comments (each with its Idempotency-Key, sent again with the same
// key after a 503, 409 or lost connection until acknowledged) and reading their podcast. In the
// middle the primary's postmaster gets kill -9; BENCH_PROMOTE_AFTER_MS later (default 2000, a
// failover manager's detection) the standby is promoted. Prints: 2xx, 503 during the failover,
// other errors (goal 0; a 503 more than 1 s after every process answers /readyz again is one),
// seconds until writes succeed again (after the kill and after the promotion), until each process
// is ready again, acknowledged writes lost (goal 0), writes applied twice (goal 0), apps running.
// nginx retries a refused or reset connection on the next process, a POST too (safe with the
// Idempotency-Key), but not a 503: every process answers the database's outage alike.
//
// `--auto-failover`: pg_auto_failover instead (support/auto-failover.ts): a monitor and two nodes,
// kill -9 of the primary node's keeper and postgres (the machine dies), the monitor promotes the
// secondary by itself; prints also when it did. Needs Debian's postgresql-15-auto-failover.
// `--rejoin` then starts the old primary's keeper again, under the same load, until it is the
// secondary: a 503 then is an error, and the writes it took on the way (if any) would be lost.
//
// Run: npx tsx tests/bench/failover.ts [--auto-failover [--rejoin]] (BENCH_DIST=1 runs the built server:
// `npm run build` first). Needs Debian's nginx (`apt-get install -y nginx`) and postgresql.
// Loopback only. Its own primary and standby on BENCH_PG_PORT and the port after it (with
// --auto-failover: the monitor there, the nodes on the two after it; else free ports), never a
// shared cluster; nginx with its own prefix, config and temp folders under a temp dir.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { freePort, waitUntilUp } from '../support/loopback-server.ts';
import { running, startApp, startNginx, stopAll, type App } from './support/app-fleet.ts';
import { startFormation } from './support/auto-failover.ts';
import { scriptPair } from './support/failover-setup.ts';
import { countWrites, createMembers, Load } from './support/load.ts';

const WRITERS = 4;
const READERS = 4;
const PREFIX = 'Failover';
const promoteAfterMs = Number(process.env.BENCH_PROMOTE_AFTER_MS ?? 2000);
const work = mkdtempSync(join(tmpdir(), 'kompass-failover-'));
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const log = (line: string) => console.log(`[${new Date().toISOString().slice(11, 23)}] ${line}`);
const seconds = (ms: number | undefined) => (ms === undefined ? 'never' : `${(ms / 1000).toFixed(1)} s`);

const pgPort = Number(process.env.BENCH_PG_PORT) || undefined;
const auto = process.argv.includes('--auto-failover');
const rejoin = auto && process.argv.includes('--rejoin');
const setup = auto
  ? await startFormation(pgPort ? [pgPort, pgPort + 1, pgPort + 2] : undefined)
  : await scriptPair(pgPort ? [pgPort, pgPort + 1] : undefined, promoteAfterMs);
const apps: App[] = [];
let nginx: Awaited<ReturnType<typeof startNginx>> | undefined;
const load = new Load(PREFIX);

try {
  const { databaseUrl } = setup;
  for (let n = 0; n < 3; n++) apps.push({ port: await freePort() });
  // The first process migrates and seeds alone; the others find it done.
  await startApp(work, apps[0]!, 0, databaseUrl);
  await Promise.all([startApp(work, apps[1]!, 1, databaseUrl), startApp(work, apps[2]!, 2, databaseUrl)]);
  const proxyPort = await freePort();
  nginx = await startNginx(work, apps, proxyPort);
  log(`${setup.describe}; 3 apps behind nginx on ${proxyPort}, DATABASE_URL ${databaseUrl}; logs in ${work}`);

  const db = new pg.Pool({ connectionString: setup.primaryUrl, max: 2 });
  db.on('error', () => {}); // its connections die with the primary
  const members = await createMembers(`http://127.0.0.1:${proxyPort}`, db, WRITERS + READERS, PREFIX);
  await db.end();
  load.start(members.slice(0, WRITERS), members.slice(WRITERS));
  await sleep(5_000);

  load.outage = true;
  load.phase = 'failover';
  const killedAt = Date.now();
  log(setup.kill());
  const promotion = await setup.promote(killedAt);
  const promotedAt = promotion.at;
  log(promotion.note);
  // Each process finds the new primary by itself, at its next request: /readyz asks it directly.
  const followed = await Promise.all(
    apps.map(async (app) => {
      await waitUntilUp(`http://127.0.0.1:${app.port}/readyz`, { timeoutMs: 60_000 });
      return Date.now() - promotedAt;
    }),
  );
  while (load.firstAckAfter(killedAt) === undefined && Date.now() - promotedAt < 60_000) await sleep(50);
  const writesBack = load.firstAckAfter(killedAt);
  log(`writes succeed again: ${seconds(writesBack && writesBack - killedAt)} after the kill`);
  // Requests that met the outage may still be answering: a moment's grace after the last process
  // found the new primary, then 503s count as errors.
  await sleep(1_000);
  load.outage = false;
  load.phase = 'after the failover';
  await sleep(5_000);
  let rejoined: string | undefined;
  if (rejoin) {
    load.phase = 'rejoin of the old primary';
    rejoined = await setup.rejoin!();
    log(rejoined);
    await sleep(3_000);
  }
  await load.stop();

  const check = new pg.Client({ connectionString: setup.standbyUrl });
  await check.connect();
  const writes = await countWrites(check, PREFIX, load.acked);
  await check.end();
  const alive = apps.filter(running).length;

  if (setup.show) console.log(`\n${setup.show()}`);
  load.print('during the failover');
  console.log(
    `standby accepts writes after:  ${seconds(promotedAt - killedAt)} from the kill (${promotion.note})`,
  );
  console.log(
    `writes succeed again after:    ${seconds(writesBack && writesBack - killedAt)} from the kill, ${seconds(writesBack && writesBack - promotedAt)} from the promotion`,
  );
  console.log(`each process ready again after: ${followed.map(seconds).join(', ')} from the promotion`);
  if (rejoined) console.log(`rejoin:                        ${rejoined}`);
  console.log(`acknowledged writes:           ${load.acked.length}`);
  console.log(`acknowledged writes lost:      ${writes.lost}`);
  console.log(`writes applied twice:          ${writes.doubled}`);
  console.log(`app processes running:         ${alive} of 3`);
  // Goal: every process on the new primary within 10 s of the promotion.
  const followedInTime = followed.every((ms) => ms <= 10_000);
  const good =
    load.counts.other === 0 && writes.lost === 0 && writes.doubled === 0 && alive === 3 && followedInTime;
  process.exitCode = good && writesBack !== undefined ? 0 : 1;
} finally {
  await load.stop();
  await stopAll(nginx, apps);
  await setup.stop();
}
process.exit();
