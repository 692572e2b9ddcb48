// HTTP errors with the spec's `{ message, errors }` body, and the app-wide error handler.
import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import type { FieldErrors } from '../../shared/api.ts';
import { imageMessages } from '../../shared/images.ts';

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

const clientErrors: Record<string, [number, string]> = {
  FST_ERR_CTP_INVALID_JSON_BODY: [400, 'Die Anfrage enthält kein gültiges JSON.'],
  FST_ERR_CTP_EMPTY_JSON_BODY: [400, 'Die Anfrage enthält kein gültiges JSON.'],
  FST_ERR_CTP_INVALID_MEDIA_TYPE: [415, 'Dieses Datenformat wird nicht unterstützt.'],
  FST_ERR_CTP_BODY_TOO_LARGE: [413, 'Die Anfrage ist zu groß.'],
  FST_REQ_FILE_TOO_LARGE: [413, imageMessages.tooLarge],
  FST_INVALID_MULTIPART_CONTENT_TYPE: [422, 'Bitte lade eine Datei im Feld „upload“ hoch.'],
};

export function registerErrorHandler(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError | HttpError, request, reply) => {
    if (error instanceof HttpError) {
      return reply
        .headers(error.headers)
        .status(error.statusCode)
        .send({ message: error.message, ...(error.errors && { errors: error.errors }) });
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const issues = error.validation.map((v) => ({
        path: v.instancePath.split('/').filter(Boolean),
        message: v.message ?? 'Ungültiger Wert.',
      }));
      const { statusCode, message, errors } = invalid(fieldErrors(issues));
      return reply.status(statusCode).send({ message, errors });
    }
    const known = error.code ? clientErrors[error.code] : undefined;
    if (known) return reply.status(known[0]).send({ message: known[1] });
    if (error.statusCode && error.statusCode < 500) {
      return reply.status(error.statusCode).send({ message: 'Die Anfrage ist ungültig.' });
    }
    request.log.error(error);
    return reply.status(500).send({ message: 'Es ist zu einem unerwarteten Fehler gekommen.' });
  });
}
