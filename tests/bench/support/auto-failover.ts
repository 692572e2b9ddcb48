// pg_auto_failover on loopback, for `failover.ts --auto-failover`: a monitor and two nodes made and
// run with the commands of src/server/db/README.md (`pg_autoctl create monitor`, `create postgres
// ... --run`), as the postgres user when we are root, everything in one temp dir (the XDG folders
// pg_autoctl keeps its config, state and pid files in too), `--auth trust --no-ssl --ssl-mode
// disable` (loopback only). Debian's postgresql-15-auto-failover (`pg_autoctl`); a bench only, the
// test suite never needs it. The monitor's health checks are lowered (MONITOR_SETTINGS) so that
// the bench waits seconds, not most of a minute, for the failover (BENCH_AUTOFAILOVER_DEFAULTS=1
// keeps pg_auto_failover's defaults).
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, openSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { binDir } from '../../postgres.ts';
import { freePort } from '../../support/loopback-server.ts';
import type { FailoverSetup } from './failover-setup.ts';

export const PG_AUTOCTL = '/usr/bin/pg_autoctl';
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Set on the monitor (ALTER SYSTEM, reload; ms). Defaults 5000, 5000, 2, 2000, 20000, 30000: a
 * dead primary is marked unhealthy after about 20 s, and the standby, promoted by then, is kept
 * read-only for the demote timeout (the old primary's time to notice it lost the monitor and stop).
 */
export const MONITOR_SETTINGS = {
  health_check_period: 1000,
  health_check_timeout: 1000,
  health_check_max_retries: 1,
  health_check_retry_delay: 500,
  node_considered_unhealthy_timeout: 2000,
  primary_demote_timeout: 3000,
};

/** Every process below `root` (its children, theirs…), `root` first. */
function tree(root: number) {
  const children = new Map<number, number[]>();
  for (const line of execFileSync('ps', ['-e', '-o', 'pid=,ppid=']).toString().trim().split('\n')) {
    const [pid, ppid] = line.trim().split(/\s+/).map(Number) as [number, number];
    children.set(ppid, [...(children.get(ppid) ?? []), pid]);
  }
  const all = [root];
  for (let i = 0; i < all.length; i++) all.push(...(children.get(all[i]!) ?? []));
  return all;
}

const killAll = (pids: number[], signal: NodeJS.Signals) => {
  for (const pid of pids) {
    try {
      process.kill(pid, signal);
    } catch {
      // gone already
    }
  }
};

/** `ports`: the monitor's and the two nodes' (else three free ones). */
export async function startFormation(ports?: [number, number, number]): Promise<FailoverSetup> {
  if (!existsSync(PG_AUTOCTL)) {
    throw new Error('pg_autoctl not found: apt-get install -y postgresql-15-auto-failover');
  }
  const dir = mkdtempSync(join(tmpdir(), 'kompass-autofailover-'));
  const asRoot = process.getuid?.() === 0;
  const ids = asRoot ? { uid: Number(execFileSync('id', ['-u', 'postgres'])), gid: Number(execFileSync('id', ['-g', 'postgres'])) } : {}; // prettier-ignore
  if (ids.uid !== undefined) chownSync(dir, ids.uid, ids.gid!);
  const env = {
    PATH: `${binDir()}:/usr/bin:/bin`,
    XDG_CONFIG_HOME: join(dir, 'config'),
    XDG_DATA_HOME: join(dir, 'share'),
    XDG_RUNTIME_DIR: join(dir, 'run'),
    HOME: dir,
  };
  const autoctl = (args: string[]) => {
    try {
      return execFileSync(PG_AUTOCTL, args, { ...ids, env, cwd: dir, stdio: 'pipe' }).toString();
    } catch (error) {
      throw new Error(
        `pg_autoctl ${args.slice(0, 2).join(' ')}: ${String((error as { stderr?: unknown }).stderr)}`,
        { cause: error },
      );
    }
  };
  const running: ChildProcess[] = [];
  const run = (name: string, args: string[]) => {
    const out = openSync(join(dir, `${name}.log`), 'a');
    if (ids.uid !== undefined) chownSync(join(dir, `${name}.log`), ids.uid, ids.gid!);
    const child = spawn(PG_AUTOCTL, args, { ...ids, env, cwd: dir, stdio: ['ignore', out, out] });
    running.push(child);
    return child;
  };
  const [monitorPort, port1, port2] = ports ?? [await freePort(), await freePort(), await freePort()];
  const url = (port: number, db = 'postgres') => `postgres://postgres@127.0.0.1:${port}/${db}`;
  const query = async <R extends pg.QueryResultRow>(target: string, text: string) => {
    const client = new pg.Client({ connectionString: target, connectionTimeoutMillis: 1000 });
    client.on('error', () => {});
    try {
      await client.connect();
      return (await client.query<R>(text)).rows;
    } finally {
      void client.end().catch(() => {});
    }
  };
  const monitorDb = url(monitorPort, 'pg_auto_failover');
  const states = () =>
    query<{ name: string; reported: string; goal: string }>(
      monitorDb,
      'SELECT nodename AS name, reportedstate AS reported, goalstate AS goal FROM pgautofailover.node ORDER BY nodeid',
    ).catch(() => []);
  const until = async (what: string, done: () => Promise<boolean>, timeoutMs = 120_000) => {
    for (const start = Date.now(); !(await done().catch(() => false)); await sleep(200)) {
      if (Date.now() - start > timeoutMs) throw new Error(`pg_auto_failover: ${what} (logs in ${dir})`);
    }
  };
  const state = (name: string, reported: string) => async () =>
    (await states()).some((s) => s.name === name && s.reported === reported && s.goal === reported);

  try {
    const monitorData = join(dir, 'monitor');
    autoctl(['create', 'monitor', '--pgdata', monitorData, '--pgport', String(monitorPort), '--hostname', '127.0.0.1', '--auth', 'trust', '--no-ssl', '--ssl-mode', 'disable']); // prettier-ignore
    // pg_autoctl starts the monitor's postgres with listen_addresses '*': loopback only here.
    autoctl(['config', 'set', '--pgdata', monitorData, 'postgresql.listen_addresses', '127.0.0.1']);
    run('monitor', ['run', '--pgdata', monitorData]);
    await until('the monitor did not start', async () => (await query(monitorDb, 'SELECT 1')).length === 1);
    const lowered = process.env.BENCH_AUTOFAILOVER_DEFAULTS ? {} : MONITOR_SETTINGS;
    for (const [name, value] of Object.entries(lowered)) {
      await query(url(monitorPort), `ALTER SYSTEM SET pgautofailover.${name} = ${value}`);
    }
    await query(url(monitorPort), 'SELECT pg_reload_conf()');
    const monitorUri = autoctl(['show', 'uri', '--pgdata', monitorData, '--formation', 'monitor']).trim();
    const node = (name: string, port: number) =>
      run(name, ['create', 'postgres', '--pgdata', join(dir, name), '--pgport', String(port), '--listen', '127.0.0.1', '--hostname', '127.0.0.1', '--name', name, '--auth', 'trust', '--no-ssl', '--ssl-mode', 'disable', '--monitor', monitorUri, '--run']); // prettier-ignore
    const first = node('node1', port1);
    await until('node1 did not become the single primary', state('node1', 'single'));
    node('node2', port2);
    await until('node2 did not become the secondary', state('node2', 'secondary'));
    await until('node1 did not become the primary', state('node1', 'primary'));
    // Synchronous: node1 waits for node2 (pg_auto_failover's 'ANY 1 (pgautofailover_standby_2)').
    await until('replication did not become synchronous', async () => {
      const rows = await query<{ s: string }>(url(port1), 'SELECT sync_state AS s FROM pg_stat_replication');
      return rows.some((r) => r.s === 'quorum' || r.s === 'sync');
    });
    // What an operator puts in DATABASE_URL: the formation's URI, with the app's user.
    const uri = autoctl(['show', 'uri', '--pgdata', monitorData, '--formation', 'default']).trim();
    const settings = autoctl(['show', 'settings', '--pgdata', monitorData]);
    const standbyNames = /synchronous_standby_names \| (.*)/.exec(settings)?.[1]?.trim();

    return {
      databaseUrl: uri.replace('postgres://', 'postgres://postgres@'),
      primaryUrl: url(port1),
      standbyUrl: url(port2),
      describe: `pg_auto_failover: monitor ${monitorPort} (${
        Object.keys(lowered).length > 0
          ? Object.entries(lowered)
              .map(([k, v]) => `${k} ${v}`)
              .join(', ')
          : 'default settings'
      }), node1 ${port1} (primary), node2 ${port2} (secondary, synchronous_standby_names ${standbyNames}); in ${dir}`,
      kill() {
        // The machine dies: node1's keeper, its postgres and every backend at once.
        const pids = tree(first.pid!);
        killAll(pids, 'SIGKILL');
        return `kill -9 of node1's pg_autoctl and postgres (${pids.length} processes)`;
      },
      async promote(killedAt) {
        let outOfRecovery: number | undefined;
        await until(
          'node2 was not promoted',
          async () => {
            const [row] = await query<{ r: boolean; ro: string }>(
              url(port2),
              "SELECT pg_is_in_recovery() AS r, current_setting('transaction_read_only') AS ro",
            );
            if (row && !row.r) outOfRecovery ??= Date.now();
            return row?.ro === 'off';
          },
          120_000,
        );
        const at = Date.now();
        const [unhealthy] = await query<{ at: Date }>(
          monitorDb,
          "SELECT eventtime AS at FROM pgautofailover.event WHERE description LIKE '%marked as unhealthy%' ORDER BY eventid DESC LIMIT 1",
        );
        const s = (t: number | undefined) =>
          t === undefined ? '?' : `${((t - killedAt) / 1000).toFixed(1)} s`;
        const now = (await states()).map((n) => `${n.name} ${n.reported}`).join(', ');
        return {
          at,
          note: `monitor marked node1 unhealthy after ${s(unhealthy?.at.getTime())}, node2 out of recovery after ${s(outOfRecovery)}, accepts writes after ${s(at)} (${now})`,
        };
      },
      async rejoin() {
        // The machine is back: its keeper starts again and must rejoin as the secondary. Until
        // then node1 is asked every 100 ms whether it would take a write (split brain).
        const start = Date.now();
        run('node1-again', ['run', '--pgdata', join(dir, 'node1')]);
        let writable = 0;
        let asked = 0;
        await until(
          'node1 did not rejoin as the secondary',
          async () => {
            const [row] = await query<{ ro: string }>(url(port1), 'SHOW transaction_read_only').catch(
              () => [],
            );
            asked++;
            if (row?.ro === 'off') writable++;
            return (await state('node1', 'secondary')()) && (await state('node2', 'primary')());
          },
          180_000,
        );
        const took = ((Date.now() - start) / 1000).toFixed(1);
        const [sync] = await query<{ names: string }>(
          url(port2),
          "SELECT current_setting('synchronous_standby_names') AS names",
        );
        return `node1 rejoined as the secondary after ${took} s (node2's synchronous_standby_names ${sync?.names}); it accepted writes in ${writable} of ${asked} looks`;
      },
      show: () => autoctl(['show', 'state', '--pgdata', monitorData]),
      stop: () => stop(running, dir),
    };
  } catch (error) {
    await stop(running, dir);
    throw error;
  }
}

const isRunning = (c: ChildProcess) => c.exitCode === null && c.signalCode === null;

/** SIGTERM to each pg_autoctl (it stops its postgres), SIGKILL to what is left of it after 20 s. */
async function stop(running: ChildProcess[], dir: string) {
  const alive = running.filter(isRunning);
  const exited = alive.map((c) => new Promise((resolve) => c.once('exit', resolve)));
  killAll(
    alive.map((c) => c.pid!),
    'SIGTERM',
  );
  await Promise.race([Promise.all(exited), sleep(20_000)]);
  killAll(
    alive.filter(isRunning).flatMap((c) => tree(c.pid!)),
    'SIGKILL',
  );
  // The data goes; the logs (`<node>.log`) stay for a look afterwards.
  for (const data of ['monitor', 'node1', 'node2', 'backup'])
    rmSync(join(dir, data), { recursive: true, force: true });
}
