// The database a handler writes through (`request.db`). On PostgreSQL it is the app's database: a
// keyed write's statements run in the request's transaction anyway (idempotency.ts `proceed`,
// db/request-transaction.ts), which commits with the key's answer. On SQLite the claim is held in
// this process; for a keyed write whose route says `config: { answerWithWrite: true }` it is the
// app's database whose first unit of work (database.ts `write`) stores the key's answer last
// inside that unit's savepoint, serialized as the route sends it, so the write and its answer are
// one commit (Entscheidung PIPE-4). Such a route answers with what its one unit of work returns;
// any other route's answer is stored as it is sent (idempotency-answer.ts).
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../context.ts';
import type { Database, Db } from '../db/database.ts';
import { ownAnswer } from './idempotency-key.ts';
import { storeAnswer } from './idempotency-statements.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The route answers with what its one unit of work returns (database.ts `write`): stored with it on SQLite. */
    answerWithWrite?: boolean;
  }
  interface FastifyRequest {
    /** The database this request's handler writes through (unit-of-work.ts). */
    db: Database;
    /** SQLite, a keyed write answered by its write: the database that stores the answer with it. */
    unitOfWork: Database | null;
  }
}

/** JSON, as Fastify types a serialized object: the type of an answer stored with its write. */
const JSON_TYPE = 'application/json; charset=utf-8';

export function registerUnitOfWork(app: FastifyInstance, { db }: AppContext) {
  app.decorateRequest('unitOfWork', null);
  app.decorateRequest('db', {
    getter(this: FastifyRequest) {
      return this.unitOfWork ?? db;
    },
  });
}

/**
 * SQLite, a keyed write claimed in this process on a route with `answerWithWrite`: the database
 * whose first unit of work stores the key's answer with it. Kysely's methods run on the database
 * itself (they read its private fields).
 */
export function answeringWrite(ctx: AppContext, request: FastifyRequest, reply: FastifyReply): Database {
  const { db, clock } = ctx;
  const claimed = request.idempotency!;
  const own = claimed.inProcess!;
  let answered = false;
  const write = <T>(work: (tx: Db) => Promise<T>) =>
    db.write(async (tx) => {
      const answer = await work(tx);
      if (answered) return answer;
      const body = reply.serialize(answer) as string;
      const now = clock.now().getTime();
      await storeAnswer(tx, ...ownAnswer(claimed, reply.statusCode, JSON_TYPE, body, now));
      // The answer sent is this text; its onSend finds it stored (idempotency-answer.ts `record`).
      own.stored = body;
      answered = true;
      return answer;
    });
  return new Proxy(db, {
    get(target, key) {
      if (key === 'write') return write;
      const value: unknown = Reflect.get(target, key, target);
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
}
