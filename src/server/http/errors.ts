// HTTP errors with the spec's `{ message, errors }` body (`errors: {}` when no field is at fault,
// so every error answer has both keys; Entscheidung HTTP-3), and the one place that turns every
// error (ours, Fastify's, a plugin's, a database driver's) into that shape with the right status.
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { NoResultError } from 'kysely';
import type { FieldErrors } from '../../shared/api.ts';
import { imageMessages } from '../../shared/images.ts';
import { databaseFault, type FaultKind, type FaultRecord } from '../db/faults.ts';

export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly errors?: FieldErrors,
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
  }
}

/** 422 with the first message of the first field as the overall message, like the spec's forms expect. */
export function invalid(errors: FieldErrors): HttpError {
  const messages = Object.values(errors).flat();
  const more = messages.length - 1;
  const suffix = more > 0 ? ` (und ${more} weitere${more === 1 ? 'r' : ''} Fehler)` : '';
  return new HttpError(422, `${messages[0] ?? 'Die Eingaben sind ungültig.'}${suffix}`, errors);
}

export const notFound = (message = 'Nicht gefunden.') => new HttpError(404, message);
export const forbidden = (message = 'Dafür fehlt dir die Berechtigung.') => new HttpError(403, message);

type Issue = { path: PropertyKey[]; message: string };

export function fieldErrors(issues: readonly Issue[]): FieldErrors {
  const errors: FieldErrors = {};
  for (const issue of issues) {
    const field = issue.path.map(String).join('.') || '_';
    (errors[field] ??= []).push(issue.message);
  }
  return errors;
}

const byStatus: Record<number, string> = {
  400: 'Die Anfrage ist ungültig.',
  404: 'Nicht gefunden.',
  405: 'Diese Aktion ist hier nicht möglich.',
  406: 'Dieses Datenformat wird nicht unterstützt.',
  408: 'Die Anfrage hat zu lange gedauert.',
  409: 'Das passt nicht zum aktuellen Stand. Bitte lade die Seite neu.',
  413: 'Die Anfrage ist zu groß.',
  414: 'Die Adresse ist zu lang.',
  415: 'Dieses Datenformat wird nicht unterstützt.',
  422: 'Die Eingaben sind ungültig.',
  431: 'Die Anfrage-Header sind zu groß.',
};

const byCode: Record<string, [number, string]> = {
  FST_ERR_CTP_INVALID_JSON_BODY: [400, 'Die Anfrage enthält kein gültiges JSON.'],
  FST_ERR_CTP_EMPTY_JSON_BODY: [400, 'Die Anfrage enthält kein gültiges JSON.'],
  FST_ERR_BAD_URL: [400, 'Die Adresse ist ungültig.'],
  FST_INVALID_MULTIPART_CONTENT_TYPE: [422, 'Bitte lade eine Datei im Feld „upload“ hoch.'],
  FST_REQ_FILE_TOO_LARGE: [413, imageMessages.tooLarge],
  // PostgreSQL: data the column cannot hold (NUL byte, number out of range, bad text form).
  '22P02': [422, 'Die Eingaben sind ungültig.'],
  '22003': [422, 'Eine Zahl ist zu groß.'],
  '22021': [422, 'Der Text enthält unzulässige Steuerzeichen.'],
  '22001': [422, 'Ein Text ist zu lang.'],
  '23505': [409, 'Diesen Eintrag gibt es bereits.'],
  '23503': [409, 'Der zugehörige Eintrag existiert nicht (mehr).'],
  SQLITE_CONSTRAINT_UNIQUE: [409, 'Diesen Eintrag gibt es bereits.'],
  SQLITE_CONSTRAINT_PRIMARYKEY: [409, 'Diesen Eintrag gibt es bereits.'],
  SQLITE_CONSTRAINT_FOREIGNKEY: [409, 'Der zugehörige Eintrag existiert nicht (mehr).'],
  SQLITE_TOOBIG: [413, 'Die Anfrage ist zu groß.'],
};

/**
 * The database's outages (db/faults.ts) are the server's, not the request's: 503 with a German
 * "try again", and `Retry-After` in seconds (a restart or a lock passes within seconds; a full
 * disk needs someone to act).
 */
export const outageMessages = {
  unavailable: 'Der Server ist gerade nicht erreichbar. Bitte versuche es gleich noch einmal.',
  full: 'Der Server kann gerade nichts speichern. Bitte versuche es später noch einmal.',
};
const outages: Record<FaultKind, Answer> = {
  unavailable: { status: 503, message: outageMessages.unavailable, headers: { 'retry-after': '5' } },
  busy: { status: 503, message: outageMessages.unavailable, headers: { 'retry-after': '5' } },
  full: { status: 503, message: outageMessages.full, headers: { 'retry-after': '60' } },
};

/** Multipart parse failures arrive as plain errors from busboy. */
const BROKEN_UPLOAD = /^(Multipart: |Unexpected end of (form|multipart)|Malformed part header)/;

type Answer = { status: number; message: string; errors?: FieldErrors; headers?: Record<string, string> };

function answer(error: FastifyError | HttpError | Error): Answer | undefined {
  if (error instanceof HttpError) {
    return { status: error.statusCode, message: error.message, errors: error.errors, headers: error.headers };
  }
  if (hasZodFastifySchemaValidationErrors(error)) {
    // A malformed id in the path names no resource: that is a 404, not a form error.
    if (error.validationContext === 'params') return { status: 404, message: byStatus[404]! };
    const issues = error.validation.map((v) => ({
      path: v.instancePath.split('/').filter(Boolean),
      message: v.message ?? 'Dieser Wert ist ungültig.',
    }));
    const { statusCode, message, errors } = invalid(fieldErrors(issues));
    return { status: statusCode, message, errors };
  }
  const code = (error as { code?: unknown }).code;
  const known = typeof code === 'string' ? byCode[code] : undefined;
  if (known) return { status: known[0], message: known[1] };
  if (error instanceof URIError) return { status: 400, message: byStatus[400]! };
  if (BROKEN_UPLOAD.test(error.message)) {
    return { status: 400, message: 'Die hochgeladene Datei ist unvollständig oder beschädigt.' };
  }
  const status = (error as { statusCode?: unknown }).statusCode;
  if (typeof status === 'number' && status >= 400 && status < 500) {
    return { status, message: byStatus[status] ?? byStatus[400]! };
  }
  return undefined;
}

function send(reply: FastifyReply, { status, message, errors, headers }: Answer) {
  return reply
    .headers(headers ?? {})
    .status(status)
    .send({ message, errors: errors ?? {} });
}

/**
 * The app's error handler; a database's outage is recorded in `faults` (db/faults.ts).
 * `vanished(request)`: the 404 message of the thing the request's guard found, on a route with a
 * guard. A row of it that the handler then reads or updates "or throw" (Kysely's NoResultError) was
 * removed in between, from another device: 404 as the guard would now answer, not a 500
 * (Entscheidung HTTP-10, 2026-12-07: an owner's tap on a member another device had just removed
 * answered 500).
 */
export function errorHandler(
  faults: FaultRecord | undefined,
  vanished: (request: FastifyRequest) => string | undefined = () => undefined,
) {
  return (error: FastifyError | Error, request: FastifyRequest, reply: FastifyReply) => {
    const fault = databaseFault(error);
    if (fault) {
      faults?.report(request.log, fault, error);
      return send(reply, outages[fault.kind]);
    }
    const gone = error instanceof NoResultError ? vanished(request) : undefined;
    if (gone) return send(reply, { status: 404, message: gone });
    const known = answer(error);
    if (known) {
      // A driver refusing input means a schema let it through: worth a look, not an alarm.
      if (
        typeof (error as { code?: unknown }).code === 'string' &&
        /^(2[23]|SQLITE)/.test((error as { code: string }).code)
      ) {
        request.log.warn({ err: error }, 'input refused by the database');
      }
      return send(reply, known);
    }
    request.log.error(error);
    return send(reply, { status: 500, message: 'Es ist zu einem unerwarteten Fehler gekommen.' });
  };
}

/** Fastify's own answers before routing (a URL that cannot be decoded), in our shape: no query ran. */
export const frameworkErrors = errorHandler(undefined);

/** Requests the HTTP parser refuses (malformed request line or headers): a German 400. */
export function clientErrorHandler(error: Error & { code?: string }, socket: import('node:net').Socket) {
  if (!socket.writable) return socket.destroy();
  const status = error.code === 'HPE_HEADER_OVERFLOW' ? 431 : 400;
  const body = JSON.stringify({ message: byStatus[status], errors: {} });
  socket.end(
    `HTTP/1.1 ${status} ${status === 431 ? 'Request Header Fields Too Large' : 'Bad Request'}\r\n` +
      `Content-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
  );
}
