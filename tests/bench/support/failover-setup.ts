// What failover.ts fails over: a primary with a synchronous standby and whatever promotes it. Two
// kinds: the script's own (`scriptPair`: pg_basebackup -R, kill -9 of the postmaster, `pg_ctl
// promote` after a delay standing for a failover manager's detection) and pg_auto_failover's
// (auto-failover.ts: its monitor notices and promotes by itself).
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { startPair } from '../../server/db/pg-pair.ts';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export type FailoverSetup = {
  /** The app's DATABASE_URL: both hosts, target_session_attrs=read-write. */
  databaseUrl: string;
  /** The first primary and the standby, for the bench's own statements. */
  primaryUrl: string;
  standbyUrl: string;
  /** One line: what runs where. */
  describe: string;
  /** kill -9 of the primary; says what it killed. */
  kill(): string;
  /** After kill(): resolves once the standby accepts writes (`at`), with a line of what happened. */
  promote(killedAt: number): Promise<{ at: number; note: string }>;
  /** The old primary comes back and rejoins as the standby; says how that went. */
  rejoin?(): Promise<string>;
  /** The operator's view of the cluster at the end, if it has one. */
  show?(): string;
  stop(): Promise<void>;
};

/** `ports`: the primary's and the standby's. `promoteAfterMs` after the kill, `pg_ctl promote`. */
export async function scriptPair(ports: [number, number] | undefined, promoteAfterMs: number) {
  const pair = await startPair(ports);
  /** The old primary's processes: a killed postmaster leaves its backends to notice by themselves. */
  let orphans: number[] = [];
  // Synchronous from here on; set on the primary only (the standby's copy of the config predates it).
  await pair.query(pair.primaryPort, "ALTER SYSTEM SET synchronous_standby_names = '*'");
  await pair.query(pair.primaryPort, "ALTER SYSTEM SET synchronous_commit = 'on'");
  await pair.query(pair.primaryPort, 'SELECT pg_reload_conf()');
  for (let i = 0; ; i++) {
    const rows = await pair.query<{ s: string }>(
      pair.primaryPort,
      'SELECT sync_state AS s FROM pg_stat_replication',
    );
    if (rows.some((r) => r.s === 'sync')) break;
    if (i > 100) throw new Error('the standby did not become synchronous');
    await sleep(100);
  }
  const setup: FailoverSetup = {
    databaseUrl: `postgres://postgres@127.0.0.1:${pair.primaryPort},127.0.0.1:${pair.standbyPort}/postgres?target_session_attrs=read-write`,
    primaryUrl: pair.url(pair.primaryPort),
    standbyUrl: pair.url(pair.standbyPort),
    describe: `primary ${pair.primaryPort}, synchronous standby ${pair.standbyPort} (pg_ctl promote ${promoteAfterMs} ms after the kill)`,
    kill() {
      const postmaster = Number(
        readFileSync(join(pair.primaryData, 'postmaster.pid'), 'utf8').split('\n')[0],
      );
      orphans = execFileSync('pgrep', ['-P', String(postmaster)])
        .toString()
        .trim()
        .split('\n')
        .map(Number);
      process.kill(postmaster, 'SIGKILL');
      return `kill -9 of the primary's postmaster (pid ${postmaster})`;
    },
    async promote(killedAt) {
      await sleep(Math.max(0, killedAt + promoteAfterMs - Date.now()));
      const start = Date.now();
      pair.promote();
      return { at: start, note: `standby promoted (pg_ctl promote took ${Date.now() - start} ms)` };
    },
    async stop() {
      for (const pid of orphans) {
        try {
          process.kill(pid, 'SIGKILL');
        } catch {
          // gone already
        }
      }
      pair.stop();
    },
  };
  return setup;
}
