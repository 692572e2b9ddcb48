// Starts a private, throw-away PostgreSQL cluster (trust auth, loopback only) for the test run.
import { execFileSync } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** Debian's newest PostgreSQL server binaries (`/usr/lib/postgresql/<version>/bin`), if installed. */
export function binDir() {
  const root = '/usr/lib/postgresql';
  // Only a version with a server (a client package alone brings `bin/` without initdb).
  const versions = existsSync(root)
    ? readdirSync(root).filter((v) => existsSync(join(root, v, 'bin', 'initdb')))
    : [];
  const version = versions.sort((a, b) => Number(a) - Number(b)).at(-1);
  return version && join(root, version, 'bin');
}

/** Runs a PostgreSQL binary, as the postgres user when we are root (postgres refuses root). */
function run(bin: string, args: string[]) {
  const isRoot = process.getuid?.() === 0;
  const command = isRoot ? 'su' : bin;
  const argv = isRoot
    ? ['postgres', '-s', '/bin/sh', '-c', [bin, ...args].map((a) => `'${a}'`).join(' ')]
    : args;
  execFileSync(command, argv, { stdio: 'pipe' });
}

/**
 * A throw-away cluster on `port` (or the next free one). `durable`: every commit flushed to disk,
 * as a production server does; by default fsync is off (tests and most benches count work, not
 * disk waits).
 */
export function startPostgres(port = 54329, { durable = false } = {}) {
  const bin = binDir();
  if (!bin) {
    throw new Error(
      'PostgreSQL-Server nicht gefunden. Installiere ihn mit `apt-get install -y postgresql` oder setze TEST_DATABASE_URL.',
    );
  }
  const dir = mkdtempSync(join(tmpdir(), 'kompass-pg-'));
  chmodSync(dir, 0o777);
  if (process.getuid?.() === 0) execFileSync('chown', ['postgres', dir]);
  const data = join(dir, 'data');
  run(join(bin, 'initdb'), ['-D', data, '-A', 'trust', '-U', 'postgres', '-E', 'UTF8']);
  let chosen = port;
  const start = () =>
    run(join(bin, 'pg_ctl'), [
      '-D',
      data,
      '-w',
      '-l',
      join(dir, 'log'),
      '-o',
      `-p ${chosen} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=${durable ? 'on' : 'off'} -c max_connections=300`,
      'start',
    ]);
  // A cluster another run left behind (a killed one) may hold the port: then the next free one,
  // so a stray server fails no suite (stress run g1: a helper's cluster on 55441, 2026-11-26).
  for (;;) {
    try {
      start();
      break;
    } catch (error) {
      const log = existsSync(join(dir, 'log')) ? readFileSync(join(dir, 'log'), 'utf8') : '';
      if (!log.includes('Address already in use') || chosen - port >= 20) throw error;
      chosen++;
    }
  }
  return {
    url: `postgres://postgres@127.0.0.1:${chosen}/postgres`,
    /** Stops the server the way a crash or failover does (`-m immediate`), keeping its data. */
    halt() {
      run(join(bin, 'pg_ctl'), ['-D', data, '-m', 'immediate', 'stop']);
    },
    /** Starts it again on the same data and port; returns once it accepts connections. */
    resume: start,
    stop() {
      run(join(bin, 'pg_ctl'), ['-D', data, '-m', 'fast', 'stop']);
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
