// Response envelopes, the error shape every endpoint shares (DESIGN.md, API conventions), and
// the two input schemas every route builds on: ids and text.
import { z } from 'zod';
import type { Vocabulary } from './vocabulary.ts';
// German messages for the issues without their own, wherever schemas are built (server and client).
import './zod-locale.ts';

export type FieldErrors = Record<string, string[]>;

/** Body of every error answer: a German message and the messages per field (`{}` when none). */
export const apiErrorSchema = z.object({
  message: z.string(),
  errors: z.record(z.string(), z.array(z.string())),
});
export type ApiError = z.infer<typeof apiErrorSchema>;

/*
 * Response envelopes. Every route declares `schema.response` with these for each success status
 * it sends a body with (200, 201, 202); Fastify serializes through the schema (keys it does not
 * name are dropped) and the client parses with the same one. A 204 has no body and declares
 * nothing; binary answers (images) declare nothing either.
 */

/**
 * `z.preprocess` for the client's forms that load zod only when submitted
 * (client/components/metrics-dialog.tsx). Taken from here rather than from `import('zod')`: a
 * dynamic import of 'zod' keeps all of its namespace, its ~60 locales and the JSON Schema
 * conversion with it, and made zod's chunk 415 KB instead of about half (Entscheidung CLI-17).
 */
export const preprocess: typeof z.preprocess = z.preprocess;

/** `{ data: T }`: one resource. */
export const resource = <T extends z.ZodType>(data: T) => z.object({ data });

/** `{ data: T[] }`: a list. */
export const collection = <T extends z.ZodType>(item: T) => z.object({ data: z.array(item) });

export const paginationMeta = z.object({
  current_page: z.number(),
  last_page: z.number(),
  from: z.number().nullable(),
  to: z.number().nullable(),
  per_page: z.number(),
  total: z.number(),
});
export type PaginationMeta = z.infer<typeof paginationMeta>;

/** `{ data: T[], meta }`: one page of a paginated list. */
export const page = <T extends z.ZodType>(item: T) => z.object({ data: z.array(item), meta: paginationMeta });

/** `{ message }`: the answer of an action that has nothing else to tell. */
export const messageResponse = z.object({ message: z.string() });
export type MessageResponse = z.infer<typeof messageResponse>;

/** `{ token }` of GET /sanctum/csrf-cookie, for the service worker, which cannot read cookies. */
export const csrfTokenResponse = z.object({ token: z.string() });

/** A date as the API sends it: `yyyy-MM-dd`. */
export const isoDate = z.iso.date();

/** The largest id a column holds on both engines (PostgreSQL `integer`). */
export const MAX_ID = 2 ** 31 - 1;
const ID_MESSAGE = 'Diese Kennung ist ungültig.';

/**
 * An id: decimal digits only (no `0x1`, `+1`, `1e3`, `01`), 1 … 2³¹−1. Accepts the string of a
 * path or query and a JSON integer.
 */
export const id = z
  .union(
    [
      z.int({ error: ID_MESSAGE }),
      z
        .string()
        .regex(/^[1-9][0-9]{0,9}$/, ID_MESSAGE)
        .transform(Number),
    ],
    {
      error: ID_MESSAGE,
    },
  )
  .pipe(z.number().min(1, ID_MESSAGE).max(MAX_ID, ID_MESSAGE));

/** Path parameters that are numeric ids. */
export const idParam = z.object({ id });

// Control characters: NUL breaks PostgreSQL, the rest breaks display. Matching them is the point.
/* eslint-disable no-control-regex */
const CONTROL_EXCEPT_TAB_NEWLINE = /[\u0000-\u0008\u000B-\u001F\u007F]/;
const CONTROL = /[\u0000-\u001F\u007F]/;
/* eslint-enable no-control-regex */

/**
 * Text a user types: trimmed, line endings as `\n`, no control characters (tab and newline only
 * where `multiline`), at most `max` characters; `required` is the message for an empty text,
 * `tooLong` for one beyond `max`. Every text a body carries into a database goes through this
 * one schema, so SQLite and PostgreSQL never see a control character (PostgreSQL refuses NUL,
 * SQLite would store it): both answer alike, before either is asked.
 */
export function text(
  max: number,
  options: { multiline?: boolean; required?: string; tooLong?: string } = {},
) {
  const forbidden = options.multiline ? CONTROL_EXCEPT_TAB_NEWLINE : CONTROL;
  const schema = z
    .string(options.required ? { error: options.required } : undefined)
    .overwrite((v) => v.replace(/\r\n?/g, '\n').trim())
    .max(max, options.tooLong ?? `Höchstens ${max} Zeichen sind erlaubt.`)
    .refine((v) => !forbidden.test(v), 'Der Text enthält unzulässige Steuerzeichen.');
  return options.required ? schema.min(1, options.required) : schema;
}

/** The schema of one vocabulary's keys (vocabulary.ts holds the keys and labels without zod). */
export const oneOf = <K extends string>(v: Vocabulary<K>) => z.enum(v.keys as [K, ...K[]]);

/** The schema of a `{ key, trans }` pair of one vocabulary, for response contracts. */
export function labelledSchema<K extends string>(v: Vocabulary<K>) {
  return z.object({ key: oneOf(v), trans: z.string() });
}

/**
 * `?before={id}`: the page of a bounded list that comes before that entry (older ones). Lists that
 * grow (an experiment's comments and activity, tips) send their newest page first and
 * `meta.before`, the `before` of the page older than it (null: none), so a long history is read
 * on demand („Ältere anzeigen“, Entscheidung SHR-1).
 */
export const olderQuery = z.object({ before: id.optional() });
export const olderMeta = z.object({ before: z.number().nullable() });
/** `{ data: T[], meta: { before } }`; `meta` is optional for copies an older version stored. */
export const boundedCollection = <T extends z.ZodType>(item: T) =>
  z.object({ data: z.array(item), meta: olderMeta.optional() });
