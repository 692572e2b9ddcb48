// SQLite WAL checkpoints off the request path (Entscheidung DB-14): a worker thread with a
// connection of its own runs a
// PASSIVE checkpoint (it never blocks a writer or a reader) a moment after the main connection
// wrote, so the copy and the fsync happen beside the requests. The WAL stays bounded: the next
// write after a complete checkpoint starts the WAL from the top (SQLite does that itself). Under
// unbroken writes a checkpoint rarely ends complete (frames arrive while it runs), so the main
// connection keeps its automatic checkpoint as a backstop at 4000 pages (~16 MB): it then only
// copies what the worker has not (and syncs), and the WAL starts from the top again; it also
// covers a worker that fell behind or died. `journal_size_limit` shrinks the file after that.
// On close the main connection checkpoints (TRUNCATE) before it closes.
// The worker starts only after `afterWrites` statements that may write (a CLI command or a
// short test does not pay for a thread, ~35 ms of CPU); until then SQLite's own checkpoint runs.
import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';
import type SQLite from 'better-sqlite3';

export type CheckpointOptions = {
  /** Statements that may write before the worker starts (0: at once). */
  afterWrites: number;
  /** How long after a write the worker checkpoints (ms). */
  intervalMs: number;
};
export const defaultCheckpointOptions: CheckpointOptions = { afterWrites: 2000, intervalMs: 200 };

/** SQLite's own automatic checkpoint (pages of WAL), before the worker runs and when it failed. */
const SQLITE_DEFAULT_PAGES = 1000;
/** The backstop while the worker runs (see above): about 16 MB of WAL. */
export const BACKSTOP_PAGES = 4000;

// Plain CommonJS evaluated as the worker's code, so it works from the bundled server as well as
// from the sources; the driver's path comes from the main thread's resolution.
const WORKER = `
const { parentPort, workerData } = require('node:worker_threads');
const SQLite = require(workerData.driver);
const db = new SQLite(workerData.file);
db.pragma('busy_timeout = ' + workerData.busyTimeoutMs);
const writes = new Int32Array(workerData.writes);
let seen = Atomics.load(writes, 0) - 1;
setInterval(() => {
  const now = Atomics.load(writes, 0);
  if (now === seen) return;
  seen = now;
  try {
    const [result] = db.pragma('wal_checkpoint(PASSIVE)');
    parentPort.postMessage({ ...result, writes: now });
  } catch (error) {
    parentPort.postMessage({ error: String(error) });
  }
}, workerData.intervalMs);
`;

type Log = { warn: (object: object, message: string) => void };

/**
 * Takes over the checkpoints of `sqlite` (the app's main connection to `file`). Call `wrote()`
 * after each statement that may write, `close()` before closing the connection.
 */
export function backgroundCheckpoints(
  sqlite: SQLite.Database,
  file: string,
  options: CheckpointOptions & { busyTimeoutMs: number },
  log: Log,
) {
  const writes = new Int32Array(new SharedArrayBuffer(4));
  let count = 0;
  let worker: Worker | undefined;
  let checkpoints = 0;
  let checkpointedAt = 0;
  const start = () => {
    const driver = createRequire(import.meta.url).resolve('better-sqlite3');
    worker = new Worker(WORKER, {
      eval: true,
      workerData: {
        driver,
        file,
        busyTimeoutMs: options.busyTimeoutMs,
        intervalMs: options.intervalMs,
        writes: writes.buffer,
      },
    });
    worker.unref();
    worker.on('message', (result: { error?: string; writes: number }) => {
      if (result.error) log.warn({ error: result.error }, 'SQLite: Checkpoint im Hintergrund fehlgeschlagen');
      else {
        checkpoints++;
        checkpointedAt = result.writes;
      }
    });
    worker.on('error', (error) => {
      log.warn({ error }, 'SQLite: Checkpoint-Thread beendet, SQLite checkpointet wieder selbst');
      worker = undefined;
      if (sqlite.open) sqlite.pragma(`wal_autocheckpoint = ${SQLITE_DEFAULT_PAGES}`);
    });
    sqlite.pragma(`wal_autocheckpoint = ${BACKSTOP_PAGES}`);
    sqlite.pragma(`journal_size_limit = ${16 * 1024 * 1024}`);
  };
  if (options.afterWrites === 0) start();
  return {
    wrote() {
      Atomics.store(writes, 0, ++count);
      if (!worker && count === options.afterWrites) start();
    },
    /** Completed background checkpoints and the write count the last one started at (tests). */
    checkpoints: () => ({ done: checkpoints, at: checkpointedAt, writes: count }),
    close() {
      void worker?.terminate();
      worker = undefined;
      // Everything into the database file and the WAL emptied, so a copy of the file is whole.
      try {
        if (sqlite.open) sqlite.pragma('wal_checkpoint(TRUNCATE)');
      } catch {
        // SQLite replays the WAL at the next start.
      }
    },
  };
}
