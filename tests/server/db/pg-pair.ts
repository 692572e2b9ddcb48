// A PostgreSQL primary with a streaming standby on loopback (initdb, pg_basebackup -R), each on a
// free port, for the tests of a DATABASE_URL naming several hosts. Trust auth, loopback only.
import { execFileSync } from 'node:child_process';
import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { binDir } from '../../postgres.ts';

const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });

function run(bin: string, args: string[]) {
  const isRoot = process.getuid?.() === 0;
  const argv = isRoot
    ? ['postgres', '-s', '/bin/sh', '-c', [bin, ...args].map((a) => `'${a}'`).join(' ')]
    : args;
  return execFileSync(isRoot ? 'su' : bin, argv, { stdio: 'pipe' }).toString();
}

export const hasPostgres = () => binDir() !== undefined;

/** `ports`: the primary's and the standby's (else two free ones). */
export async function startPair(ports?: [number, number]) {
  const bin = binDir()!;
  const dir = mkdtempSync(join(tmpdir(), 'kompass-pair-'));
  chmodSync(dir, 0o777);
  if (process.getuid?.() === 0) execFileSync('chown', ['postgres', dir]);
  const [primaryPort, standbyPort] = ports ?? [await freePort(), await freePort()];
  const primaryData = join(dir, 'primary');
  const standbyData = join(dir, 'standby');
  const options = (port: number) =>
    `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c max_connections=100`;
  const start = (data: string, port: number) =>
    run(join(bin, 'pg_ctl'), ['-D', data, '-w', '-l', `${data}.log`, '-o', options(port), 'start']);
  run(join(bin, 'initdb'), ['-D', primaryData, '-A', 'trust', '-U', 'postgres', '-E', 'UTF8']);
  start(primaryData, primaryPort);
  run(join(bin, 'pg_basebackup'), [
    '-h', '127.0.0.1', '-p', String(primaryPort), '-U', 'postgres', '-D', standbyData, '-R', '-X', 'stream',
  ]); // prettier-ignore
  start(standbyData, standbyPort);
  const url = (port: number, database = 'postgres') => `postgres://postgres@127.0.0.1:${port}/${database}`;
  const query = async <R extends pg.QueryResultRow>(port: number, text: string, database = 'postgres') => {
    const client = new pg.Client({ connectionString: url(port, database) });
    await client.connect();
    try {
      return (await client.query<R>(text)).rows;
    } finally {
      await client.end();
    }
  };
  return {
    primaryPort,
    standbyPort,
    primaryData,
    url,
    query,
    /** Waits until the standby has replayed everything the primary wrote so far. */
    async caughtUp() {
      const [current] = await query<{ lsn: string }>(primaryPort, 'SELECT pg_current_wal_lsn()::text AS lsn');
      const lsn = current!.lsn;
      for (let i = 0; i < 200; i++) {
        const [row] = await query<{ done: boolean }>(
          standbyPort,
          `SELECT pg_last_wal_replay_lsn() >= '${lsn}'::pg_lsn AS done`,
        );
        if (row?.done) return;
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      throw new Error('the standby did not catch up');
    },
    promote: () => run(join(bin, 'pg_ctl'), ['-D', standbyData, '-w', 'promote']),
    stop() {
      for (const data of [standbyData, primaryData]) {
        try {
          run(join(bin, 'pg_ctl'), ['-D', data, '-m', 'immediate', 'stop']);
        } catch {
          // already stopped
        }
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
