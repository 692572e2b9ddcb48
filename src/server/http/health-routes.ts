// Health checks for a load balancer or an orchestrator, outside /api/ (so outside the access
// guard, without a session read) and cheap:
// - GET /healthz: the process lives and answers; it never asks the database, so an outage of the
//   database does not make an orchestrator restart every app process.
// - GET /readyz: the database answers and holds this code's newest migration (a newer one, from a
//   process of the next release in a rolling deploy, is fine); 503 otherwise. A process shutting
//   down (SIGTERM) closes its listener first, so a health check cannot reach it at all.
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import type { AppContext } from '../context.ts';
import { latestMigration } from '../db/migrate.ts';
import { HttpError } from './errors.ts';

export const notMigrated = 'Die Datenbank ist noch nicht auf dem Stand dieser Version.';

export function healthRoutes(app: FastifyInstance, { db }: AppContext) {
  app.get('/healthz', { config: { access: 'public' } }, async () => ({ status: 'ok' }));
  app.get('/readyz', { config: { access: 'public' } }, async () => {
    // One query answers both questions; a database that does not answer throws, and the error
    // handler turns that into the 503 of every outage.
    const { rows } = await sql<{
      name: string | null;
    }>`select max(name) as name from kysely_migration`.execute(db);
    const applied = rows[0]?.name ?? '';
    if (applied < latestMigration) throw new HttpError(503, notMigrated, undefined, { 'retry-after': '5' });
    return { status: 'ok', migration: applied };
  });
}
