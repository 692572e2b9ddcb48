// 'Meine Daten herunterladen' (settings.account; DSGVO Art. 15/20):
// GET /api/account/export (the latest export), POST /api/account/export (a new one; at most one an
// hour), GET /api/account/export/download (the ready archive, streamed piece by piece).
// Entscheidung ACC-1: up to SMALL_ROWS rows built in the request, larger ones by export-job.ts.
// Only the signed-in account's own export is ever read: every statement names the session's user.
import { randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  accountExportResponse,
  ACCOUNT_EXPORT_DOWNLOAD,
  type AccountExport,
} from '../../../shared/account-export.ts';
import { berlinDate } from '../../../shared/calendar.ts';
import type { AppContext } from '../../context.ts';
import type { Db } from '../../db/database.ts';
import { requireUser } from '../../access/session.ts';
import { HttpError, notFound } from '../../http/errors.ts';
import { exportScope, exportSize } from './build-export.ts';
import { completeExport, LEASE_MS, type ExportJob } from './export-job.ts';

/** Up to this many rows (of the tables that grow) an archive is built in the request. */
export const SMALL_ROWS = 5_000;
const HOUR = 3_600_000;
const berlinTime = new Intl.DateTimeFormat('de-DE', { timeZone: 'Europe/Berlin', timeStyle: 'short' });

async function latest(db: Db, userId: number) {
  return db.selectFrom('account_exports').selectAll().where('user_id', '=', userId).executeTakeFirst();
}

function present(row: Awaited<ReturnType<typeof latest>>, now: Date): AccountExport {
  if (!row)
    return {
      status: 'none',
      requested_at: null,
      ready_at: null,
      expires_at: null,
      bytes: null,
      next_at: null,
      notify: false,
    };
  const next = new Date(row.requested_at).getTime() + HOUR;
  return {
    status: row.status as AccountExport['status'],
    requested_at: row.requested_at,
    ready_at: row.ready_at,
    expires_at: row.expires_at,
    bytes: row.bytes === null ? null : Number(row.bytes),
    next_at: row.status !== 'failed' && next > now.getTime() ? new Date(next).toISOString() : null,
    notify: Boolean(row.notify),
  };
}

export function accountExportRoutes(app: FastifyInstance, ctx: AppContext, job: ExportJob) {
  const { db, clock } = ctx;
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get(
    '/api/account/export',
    { schema: { response: { 200: accountExportResponse } } },
    async (request) => {
      const user = requireUser(request);
      return { data: present(await latest(db, user.id), clock.now()) };
    },
  );

  api.post(
    '/api/account/export',
    { schema: { response: { 201: accountExportResponse, 202: accountExportResponse } } },
    async (request, reply) => {
      const user = requireUser(request);
      const now = clock.now();
      const small = (await exportSize(db, await exportScope(db, user.id))) <= SMALL_ROWS;
      const before = await latest(db, user.id);
      const id = randomUUID();
      const fresh = {
        id,
        requested_at: now.toISOString(),
        status: 'pending',
        attempts: small ? 1 : 0,
        locked_until: small ? now.getTime() + LEASE_MS : null,
        ready_at: null,
        expires_at: null,
        bytes: null,
        notify: small ? 0 : 1,
      };
      // One statement decides, so two requests at once cannot both start one: the row is taken
      // only when the last request is an hour old (or its build failed).
      const taken = await db
        .insertInto('account_exports')
        .values({ user_id: user.id, ...fresh })
        .onConflict((oc) =>
          oc
            .column('user_id')
            .doUpdateSet(fresh)
            .where((eb) =>
              eb.or([
                eb('account_exports.requested_at', '<=', new Date(now.getTime() - HOUR).toISOString()),
                eb('account_exports.status', '=', 'failed'),
              ]),
            ),
        )
        .returning('id')
        .executeTakeFirst();
      if (!taken) {
        // Read again: a request at the same moment may have made the row after `before` was read.
        const last = (await latest(db, user.id))!;
        const next = new Date(new Date(last.requested_at).getTime() + HOUR);
        const seconds = Math.max(1, Math.ceil((next.getTime() - now.getTime()) / 1000));
        throw new HttpError(
          429,
          `Du kannst deine Daten einmal pro Stunde anfordern. Das nächste Mal geht es ab ${berlinTime.format(next)} Uhr.`,
          undefined,
          { 'Retry-After': String(seconds) },
        );
      }
      if (before) await db.deleteFrom('account_export_chunks').where('export_id', '=', before.id).execute();
      if (small && (await completeExport(ctx, { user_id: user.id, id, attempts: 0 }, request.log))) {
        return reply.status(201).send({ data: present(await latest(db, user.id), now) });
      }
      // Large, or the quick build failed: the job builds it and mails when it is ready.
      if (small) await db.updateTable('account_exports').set({ notify: 1 }).where('id', '=', id).execute();
      job.kick();
      return reply.status(202).send({ data: present(await latest(db, user.id), now) });
    },
  );

  api.get(ACCOUNT_EXPORT_DOWNLOAD, {}, async (request, reply) => {
    const user = requireUser(request);
    const row = await latest(db, user.id);
    if (row?.status !== 'ready')
      throw notFound('Es liegt kein fertiges Archiv deiner Daten vor. Fordere ein neues an.');
    const chunks = async function* () {
      for (let seq = 0; ; seq++) {
        const chunk = await db
          .selectFrom('account_export_chunks')
          .select('bytes')
          .where('export_id', '=', row.id)
          .where('seq', '=', seq)
          .executeTakeFirst();
        if (!chunk) return;
        yield chunk.bytes;
      }
    };
    return reply
      .header('content-type', 'application/zip')
      .header(
        'content-disposition',
        `attachment; filename="kompass-studio-daten-${berlinDate(new Date(row.ready_at!))}.zip"`,
      )
      .header('content-length', String(row.bytes))
      .send(Readable.from(chunks()));
  });
}
