// The periodic jobs of data-scale.ts, in this process: the app built on a database (buildApp, so
// the same jobs with the same config as a server), its clock movable. Measured:
// - a sweep with nothing due: every job's runOnce at the real time (the population leaves nothing
//   due now), the median of five rounds after one to warm up;
// - the pooled effects' job on its own (measurePooled): nothing new, and k experiments finished
//   anew, its time per finished experiment;
// - an hour: the clock jumps through one simulated hour and each job runs at each of its real
//   intervals in it (the tips every 5 min, audience every 10, the pooled effects every 15,
//   Feed-Check and idempotency hourly), so what falls due in that hour is done then; the CPU of
//   this process plus the database server's processes (PostgreSQL) over those runs, and the
//   timers' (mail and push queues, the SQLite checkpointer) over five idle real seconds scaled to
//   the hour, as a share of one core.
// Entscheidung TST-1: the clock jumps instead of waiting an hour.
import { readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { performance } from 'node:perf_hooks';
import { sql } from 'kysely';
import { addDays, berlinDate } from '../../src/shared/calendar.ts';
import { buildApp } from '../../src/server/app.ts';
import { loadConfig } from '../../src/server/config.ts';
import { createDatabase } from '../../src/server/db/database.ts';
import { CLEANUP_INTERVAL_MS } from '../../src/server/pipeline/idempotency-key.ts';
import {
  INTERVAL_MS as POOLED_INTERVAL_MS,
  runPooledEvidence,
} from '../../src/server/practices/pooled-job.ts';
import { cpuSeconds, ticks } from './wrk-run.ts';

/** The PostgreSQL server's main process (the checkpointer's parent), to read its CPU from /proc. */
export async function postmasterOf(url: string) {
  const db = createDatabase({ dataDir: tmpdir(), databaseUrl: url });
  const { rows } = await sql<{ pid: number }>`
    SELECT pid FROM pg_stat_activity WHERE backend_type = 'checkpointer'`.execute(db);
  await db.destroy();
  return parentOf(rows[0]!.pid);
}

const parentOf = (pid: number) =>
  Number(readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ')[1]);

/**
 * CPU seconds of the PostgreSQL server with this postmaster pid, so far: its own, its live
 * children's, and (cutime, cstime) those of the children it has reaped, so a backend that ends
 * between two readings keeps counting.
 */
export function clusterCpu(postmaster: number) {
  const fields = readFileSync(`/proc/${postmaster}/stat`, 'utf8').split(') ')[1]!.split(' ');
  let total = cpuSeconds(postmaster) + (Number(fields[13]) + Number(fields[14])) / ticks;
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      if (parentOf(Number(entry)) === postmaster) total += cpuSeconds(Number(entry));
    } catch {
      // gone meanwhile
    }
  }
  return total;
}

/** CPU seconds so far of the live backends serving `database` (their title names it). */
function backendsCpu(postmaster: number, database: string) {
  let total = 0;
  for (const entry of readdirSync('/proc')) {
    try {
      if (!/^\d+$/.test(entry) || parentOf(Number(entry)) !== postmaster) continue;
      if (readFileSync(`/proc/${entry}/cmdline`, 'utf8').includes(` ${database} `))
        total += cpuSeconds(Number(entry));
    } catch {
      // gone meanwhile
    }
  }
  return total;
}

const HOUR = 3_600_000;
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const processCpu = () => {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1e6;
};

export async function measureJobs(env: NodeJS.ProcessEnv, postmaster?: number, { hour = true } = {}) {
  const config = loadConfig({
    ...env,
    CLIENT_DIR: '',
    // Nothing answers on port 9: a fetch the hour makes due never leaves the machine.
    OP3_API_URL: 'http://127.0.0.1:9/api/1',
  });
  let offset = 0;
  const clock = { now: () => new Date(Date.now() + offset) };
  const { app, jobs } = await buildApp(config, { clock, logger: false });
  const named = jobs as unknown as Record<string, { runOnce(): Promise<boolean> }>;
  const perJob: Record<string, number[]> = {};
  const runAll = async () => {
    for (const [name, job] of Object.entries(named)) {
      const started = performance.now();
      await job.runOnce();
      (perJob[name] ??= []).push(performance.now() - started);
    }
  };
  const cpu = () => processCpu() + (postmaster ? clusterCpu(postmaster) : 0);
  try {
    await runAll();
    for (const name of Object.keys(perJob)) perJob[name] = [];
    const idle: number[] = [];
    for (let i = 0; i < 5; i++) {
      const started = performance.now();
      await runAll();
      idle.push(performance.now() - started);
    }
    const perJobMs = Object.fromEntries(Object.entries(perJob).map(([name, ms]) => [name, median(ms)]));
    const slowest = Object.entries(perJobMs).sort((a, b) => b[1] - a[1])[0]!;
    if (!hour) return { idleMs: median(idle), perJobMs, slowest, hour: undefined };
    const intervals: Record<string, number> = {
      tipSweep: config.tips.sweepIntervalMs,
      audience: config.op3.fetchIntervalMs,
      feedChecks: config.feedCheckIntervalMs,
      idempotencyCleanup: CLEANUP_INTERVAL_MS,
      pooledEvidence: POOLED_INTERVAL_MS,
    };
    const runs = Object.keys(named)
      .flatMap((name) => {
        const every = intervals[name] ?? HOUR;
        return Array.from({ length: Math.floor(HOUR / every) }, (_, k) => ({ name, at: (k + 1) * every }));
      })
      .sort((a, b) => a.at - b.at);
    const before = cpu();
    const started = performance.now();
    for (const { name, at } of runs) {
      offset = at;
      await named[name]!.runOnce();
    }
    await (jobs as { audience: { idle(): Promise<void> } }).audience.idle();
    const hourCpu = cpu() - before;
    const hourWall = performance.now() - started;
    offset = 0;
    // The timers: this process and the backends serving it. The database server's own work meanwhile
    // (autovacuum after the bench's writes and the fill, checkpoints) is printed apart.
    const database = env.DATABASE_URL ? new URL(env.DATABASE_URL).pathname.slice(1) : '';
    const own = () => processCpu() + (postmaster ? backendsCpu(postmaster, database) : 0);
    const [ownBefore, serverBefore] = [own(), postmaster ? clusterCpu(postmaster) : 0];
    // Five seconds: within node-pg's idle timeout, so no backend of the app ends (and takes its CPU along).
    await new Promise((r) => setTimeout(r, 5_000));
    const timersCpu = ((own() - ownBefore) / 5) * 3600;
    const serverIdle = postmaster ? ((clusterCpu(postmaster) - serverBefore) / 5) * 3600 : 0;
    return {
      idleMs: median(idle),
      perJobMs,
      slowest,
      hour: {
        runs: runs.length,
        hourCpu,
        hourWall,
        timersCpu,
        serverIdle,
        share: (hourCpu + timersCpu) / 3600,
      },
    };
  } finally {
    await app.close();
  }
}

/**
 * The pooled effects' job (practices/pooled-job.ts) on the side's database, in this process: a run
 * with nothing new (the population has measured every finished experiment), then runs after `k`
 * experiments of podcasts with OP3's numbers finished anew (their contributions deleted, so the
 * run measures them again and recomputes their methods): wall time and CPU (this process plus,
 * on PostgreSQL, the database server's) per run and per finished experiment. Every method is
 * published before (data-scale.ts, `renew`).
 */
export async function measurePooled(env: NodeJS.ProcessEnv, postmaster?: number, ks = [20, 200]) {
  const db = createDatabase({ dataDir: env.DATA_DIR!, databaseUrl: env.DATABASE_URL });
  const cpu = () => processCpu() + (postmaster ? clusterCpu(postmaster) : 0);
  const timed = async (work: () => Promise<unknown>) => {
    const [wall, used] = [performance.now(), cpu()];
    await work();
    return { ms: performance.now() - wall, cpuMs: (cpu() - used) * 1000 };
  };
  const now = new Date();
  try {
    const methods = await db
      .selectFrom('practice_effect_contributions')
      .select('practice_id')
      .distinct()
      .execute();
    const idle: { ms: number; cpuMs: number }[] = [];
    for (let i = 0; i < 3; i++) idle.push(await timed(() => runPooledEvidence(db, now)));
    const finished = [];
    for (const k of ks) {
      // Spread over the methods: every n-th measured contribution among the experiments that ended
      // lately, which every run reads (pooled-job.ts, Entscheidung PRA-11).
      const chosen = await db
        .selectFrom('practice_effect_contributions as c')
        .innerJoin('experiments as e', 'e.id', 'c.experiment_id')
        .select(['c.experiment_id', 'c.practice_id'])
        .where('c.log_ratio', 'is not', null)
        .where('e.ends_at', '>=', addDays(berlinDate(now), -28))
        .orderBy('c.experiment_id')
        .execute();
      const step = Math.max(1, Math.floor(chosen.length / k));
      const picked = chosen.filter((_, i) => i % step === 0).slice(0, k);
      if (picked.length === 0) break;
      await db
        .deleteFrom('practice_effect_contributions')
        .where(
          'experiment_id',
          'in',
          picked.map((c) => c.experiment_id),
        )
        .execute();
      const run = await timed(() => runPooledEvidence(db, now));
      finished.push({ k: picked.length, methods: new Set(picked.map((c) => c.practice_id)).size, ...run });
    }
    const mid = idle.sort((a, b) => a.ms - b.ms)[1]!;
    return { methods: methods.length, idle: mid, finished };
  } finally {
    await db.destroy();
  }
}
