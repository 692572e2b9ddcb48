// Kysely's SQLite driver queues the queries of one connection (a transaction keeps it until its
// commit). Two connections to one file in one process (two apps in a test, the CLI beside the
// server) are not queued against each other: while one is inside a transaction, which awaits
// between its statements, the other's write finds the file locked, and its busy wait, synchronous
// in the one JS thread, blocks the very transaction it waits for until busy_timeout fails it.
// So every connection of this process to a file takes the file's lock first: the second one waits
// (asynchronously) for the first one's commit instead. Other processes use SQLite's own locking.
// Entscheidung DB-15.
import { resolve } from 'node:path';
import { SqliteDialect, type Driver, type SqliteDialectConfig } from 'kysely';

const locks = new Map<string, { tail: Promise<void>; users: number }>();

/** A queue per file: `lock` resolves when every earlier holder called its `unlock`. */
function fileLock(file: string) {
  const entry = locks.get(file) ?? { tail: Promise.resolve(), users: 0 };
  locks.set(file, entry);
  entry.users++;
  const held: (() => void)[] = [];
  return {
    async lock() {
      const before = entry.tail;
      let unlock!: () => void;
      entry.tail = new Promise<void>((r) => (unlock = r));
      held.push(unlock);
      await before;
    },
    unlock: () => held.shift()?.(),
    close() {
      if (--entry.users === 0) locks.delete(file);
    },
  };
}

export class FileLockedSqliteDialect extends SqliteDialect {
  readonly #file: string;
  constructor(config: SqliteDialectConfig, file: string) {
    super(config);
    this.#file = resolve(file);
  }

  override createDriver(): Driver {
    const driver = super.createDriver();
    const lock = fileLock(this.#file);
    const acquire = driver.acquireConnection.bind(driver);
    const release = driver.releaseConnection.bind(driver);
    const destroy = driver.destroy.bind(driver);
    return Object.assign(driver, {
      async acquireConnection() {
        await lock.lock();
        return acquire();
      },
      async releaseConnection(connection: Parameters<Driver['releaseConnection']>[0]) {
        await release(connection);
        lock.unlock();
      },
      async destroy() {
        lock.close();
        await destroy();
      },
    });
  }
}
