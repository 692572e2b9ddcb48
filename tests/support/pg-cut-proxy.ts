// A loopback TCP proxy between the app and PostgreSQL that forwards everything, except that it
// can cut one chosen connection at its COMMIT: the connection that sent a statement with `marker`
// among its bytes (a comment's text) is closed, both ways, either when PostgreSQL answers its
// COMMIT ('after-commit': the commit happened, the app never hears of it) or when the app sends
// the COMMIT ('before-commit': it never reaches PostgreSQL, which rolls back). It reads the
// protocol's message frames (a type byte and a length), so a cut falls between two messages.
import { connect, createServer, type Server, type Socket } from 'node:net';
import { frames } from './pg-round-trips.ts';

export type CutAt = 'after-commit' | 'before-commit';

const cstrings = (message: Buffer) => message.subarray(5).toString('latin1').split('\0');
/** COMMIT alone, or as the last of a simple query's statements (the key's answer; commit). */
const COMMIT = /(^|;)\s*commit\s*;?\s*$/i;

export async function startCutProxy(target: { host: string; port: number }) {
  let plan: { marker: Buffer; at: CutAt } | undefined;
  let cuts = 0;
  // Named statements (db/named-statements.ts): a connection parses `commit` once, then binds it by name.
  const commitNames = new Set<string>();
  const sockets = new Set<Socket>();

  /** Whether a message from the app sends COMMIT (a simple query, or its parse or bind). */
  const sendsCommit = (message: Buffer) => {
    const type = String.fromCharCode(message[0]!);
    const [first, second] = cstrings(message);
    if (type === 'Q') return COMMIT.test(first!);
    if (type === 'P' && COMMIT.test(second!)) {
      commitNames.add(first!);
      return true;
    }
    return type === 'B' && second !== '' && commitNames.has(second!);
  };
  /** Whether a message from PostgreSQL is the CommandComplete of a COMMIT that committed. */
  const committed = (message: Buffer) => message[0] === 0x43 && cstrings(message)[0] === 'COMMIT';

  const server: Server = createServer((app) => {
    const db = connect(target.port, target.host);
    for (const socket of [app, db]) {
      socket.setNoDelay(true);
      sockets.add(socket);
      socket.on('close', () => sockets.delete(socket));
      socket.on('error', () => {});
    }
    // The plan this connection was chosen for (a later plan chooses anew).
    let chosenFor: typeof plan;
    const cut = () => {
      plan = undefined;
      cuts += 1;
      app.destroy();
      db.destroy();
    };
    const fromApp = { rest: Buffer.alloc(0), typed: false };
    const fromDb = { rest: Buffer.alloc(0), typed: true };
    // What a chunk held up to the cut is forwarded in one write (message by message, the
    // small writes waited for each other's acknowledgements).
    const pass = (to: Socket, messages: Buffer[], stop: (message: Buffer) => boolean) => {
      const forward = messages.findIndex(stop);
      to.write(Buffer.concat(forward < 0 ? messages : messages.slice(0, forward)));
      if (forward >= 0) cut();
    };
    app.on('data', (chunk: Buffer) =>
      pass(db, frames(fromApp, chunk), (message) => {
        if (plan && message.includes(plan.marker)) chosenFor = plan;
        // Asked of every message, so a later bind by name is known.
        const commit = sendsCommit(message);
        return Boolean(plan && chosenFor === plan && plan.at === 'before-commit' && commit);
      }),
    );
    db.on('data', (chunk: Buffer) =>
      pass(app, frames(fromDb, chunk), (message) =>
        Boolean(plan && chosenFor === plan && plan.at === 'after-commit' && committed(message)),
      ),
    );
    app.on('close', () => db.destroy());
    db.on('close', () => app.destroy());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  return {
    port,
    /** The next connection that sends `marker` is cut at its COMMIT, once. */
    cutAt(marker: string, at: CutAt) {
      plan = { marker: Buffer.from(marker), at };
    },
    /** How many connections were cut so far. */
    cuts: () => cuts,
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}
