// A loopback TCP proxy between the app and PostgreSQL that records what the app sends: each
// round trip (a simple query 'Q', or an extended query's Parse/Bind/Execute up to its 'Sync': the
// client waits for PostgreSQL's answer after each) as its SQL, and each connection opened. A test
// counts the round trips a request makes this way, deterministically (no timing).
import { connect, createServer, type Socket } from 'node:net';

/** Splits a stream into whole protocol messages (the first one untyped: the startup), keeping the rest. */
export function frames(state: { rest: Buffer; typed: boolean }, chunk: Buffer) {
  state.rest = Buffer.concat([state.rest, chunk]);
  const messages: Buffer[] = [];
  for (;;) {
    const head = state.typed ? 1 : 0;
    if (state.rest.length < head + 4) break;
    const size = head + state.rest.readInt32BE(head);
    if (state.rest.length < size) break;
    messages.push(state.rest.subarray(0, size));
    state.rest = state.rest.subarray(size);
    state.typed = true;
  }
  return messages;
}

const cstrings = (message: Buffer) => message.subarray(5).toString('utf8').split('\0');

/**
 * One round trip: the connection it went over, the SQL it sent (a named statement's text once
 * known) and how many of its statements it asked PostgreSQL to describe.
 */
export type RoundTrip = { connection: number; sql: string; described: number };

export async function startRoundTripProxy(target: { host: string; port: number }) {
  let trips: RoundTrip[] = [];
  let opened = 0;
  let connections = 0;
  const sockets = new Set<Socket>();
  // Statement names parsed on any connection → their text (a Bind names only the statement).
  const texts = new Map<string, string>();
  const server = createServer((app) => {
    const connection = ++connections;
    opened += 1;
    const db = connect(target.port, target.host);
    for (const socket of [app, db]) {
      socket.setNoDelay(true);
      sockets.add(socket);
      socket.on('close', () => sockets.delete(socket));
      socket.on('error', () => {});
    }
    const state = { rest: Buffer.alloc(0), typed: false };
    let pending: string[] = [];
    let described = 0;
    app.on('data', (chunk: Buffer) => {
      for (const message of frames(state, chunk)) {
        const type = state.typed ? String.fromCharCode(message[0]!) : '';
        if (type === 'Q') trips.push({ connection, sql: cstrings(message)[0]!, described: 0 });
        else if (type === 'D') described += 1;
        else if (type === 'P') {
          const [name, text] = cstrings(message);
          if (name) texts.set(name, text!);
          pending.push(text!);
        } else if (type === 'B') {
          const [, name] = cstrings(message);
          if (name) pending.push(texts.get(name) ?? name);
        } else if (type === 'S') {
          // A Parse and the Bind of the same (named) statement in one trip: the text once.
          trips.push({ connection, sql: [...new Set(pending)].join('; '), described });
          pending = [];
          described = 0;
        }
      }
      db.write(chunk);
    });
    db.on('data', (chunk: Buffer) => app.write(chunk));
    app.on('close', () => db.destroy());
    db.on('close', () => app.destroy());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  return {
    port,
    /** The round trips since the last call, and how many connections were opened meanwhile. */
    take() {
      const taken = { trips, opened };
      trips = [];
      opened = 0;
      return taken;
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}
