// What a kept answer is kept under, as far as the request says it (pipeline/answer-cache.ts): the
// route's pattern, its path parameters and the query keys its querystring schema declares, never
// the raw URL (Entscheidung PIPE-3: a URL of one's own choosing must not make an entry).
//
// The lookup runs before validation (a hit skips the schemas), so the key is made of the values
// as sent. It is injective over them (each value length-prefixed, a missing key marked), so two
// different requests never share one. An answer is kept only when the values as sent are already
// the form validation makes of them (`canonical`): `page=02`, `id=0001` or `keywords=a,,b` are
// answered, never kept, so the kept keys are the validated parameters themselves and a client
// cannot multiply the keys of one answer by spelling its parameters differently. Unknown query
// keys are dropped: the route's z.object strips them, so its handler never sees them. A route
// whose querystring schema lets unknown keys through (loose) or refuses them (strict) cannot opt
// in; neither can one whose schema is not a z.object.
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';

/** The part of the key a request names, as sent (`input`) and after validation (`validated`). */
export type AnswerKey = {
  /** Before validation; undefined: not keyable (a repeated query key, say), so neither looked up nor kept. */
  input(request: FastifyRequest): string | undefined;
  /** After validation; the same text as `input` only when the request was sent in that form. */
  validated(request: FastifyRequest): string | undefined;
};

/** A value as the key writes it: length-prefixed text, '-' for a missing one, undefined for others. */
function part(value: unknown) {
  if (value === undefined) return '-';
  if (typeof value === 'string') return `${value.length}:${value}`;
  return undefined;
}

/** A validated value as it would have been sent: numbers and flags as text, a list comma-joined. */
function sentAs(value: unknown) {
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  if (Array.isArray(value) && value.every((v) => typeof v === 'string')) return value.join(',');
  return value;
}

/** The query keys `schema` declares, sorted; throws for a schema an answer cannot be keyed by. */
function declaredKeys(url: string, schema: unknown) {
  if (schema === undefined) return [];
  if (!(schema instanceof z.ZodObject) || schema.def.catchall !== undefined) {
    throw new Error(`${url}: a route that keeps its answers needs a plain z.object as its querystring`);
  }
  return Object.keys(schema.shape).sort();
}

/** The path parameters of a route's pattern, in order (`::` is a literal colon, `(…)` a pattern). */
const paramNames = (url: string) => [...url.matchAll(/(?<!:):([A-Za-z_$][\w$]*)/g)].map((m) => m[1]!);

export function answerKey(url: string, querystring: unknown): AnswerKey {
  const names = declaredKeys(url, querystring);
  const pathNames = paramNames(url);
  const build = (request: FastifyRequest, value: (v: unknown) => unknown) => {
    let text = url;
    const params = request.params as Record<string, unknown> | undefined;
    for (const name of pathNames) {
      const written = part(value(params?.[name]));
      if (written === undefined) return undefined;
      text += `\n${written}`;
    }
    const query = request.query as Record<string, unknown> | undefined;
    text += '\n?';
    for (const name of names) {
      const written = part(value(query?.[name]));
      if (written === undefined) return undefined;
      text += `\n${written}`;
    }
    return text;
  };
  return {
    input: (request) => build(request, (v) => v),
    validated: (request) => build(request, sentAs),
  };
}
