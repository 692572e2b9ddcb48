// Turns whatever a request threw into the spec's `{message, errors}` shape for banners and fields.
import { HTTPError, TimeoutError } from 'ky';
import type { ApiError } from '../../shared/api.ts';
import { ResponseShapeError } from './parse.ts';

const OFFLINE: ApiError = {
  message: 'Keine Verbindung zum Server. Bitte prüfe deine Internetverbindung und versuche es erneut.',
  errors: {},
};

export function apiError(error: unknown): ApiError {
  if (error instanceof HTTPError) {
    return (
      (error as HTTPError & { api?: ApiError }).api ?? {
        message: `Die Anfrage ist fehlgeschlagen (${error.response.status}).`,
        errors: {},
      }
    );
  }
  if (error instanceof TimeoutError || error instanceof TypeError) return OFFLINE;
  if (error instanceof ResponseShapeError) return { message: error.message, errors: {} };
  return { message: 'Es ist zu einem unerwarteten Fehler gekommen.', errors: {} };
}

export function httpStatus(error: unknown): number | undefined {
  return error instanceof HTTPError ? error.response.status : undefined;
}

/** A 4xx answer: asking again will not change it (the podcast is not the user's to read, bad input). */
export function isRefused(error: unknown): boolean {
  const status = httpStatus(error);
  return status !== undefined && status < 500;
}

/** True when the request never reached the server (offline, DNS, timeout). */
export function isNetworkError(error: unknown): boolean {
  return error instanceof TimeoutError || error instanceof TypeError;
}
