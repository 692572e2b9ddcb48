// Every fetcher parses its answer with the shared schema the server serializes with
// (src/shared), instead of trusting a hand-written type: a drift between the two fails at the
// call, with a German message, not later somewhere in a component.
import type { z } from 'zod';

/** The server answered in a shape this client does not know (a bug, or a deploy in between). */
export class ResponseShapeError extends Error {
  constructor(readonly issues: readonly z.core.$ZodIssue[]) {
    super('Die Antwort des Servers hat ein unerwartetes Format. Bitte lade die Seite neu.');
  }
}

/** `api.get(…).json().then(parse(schema))` */
export function parse<S extends z.ZodType>(schema: S) {
  return (body: unknown): z.output<S> => {
    const result = schema.safeParse(body);
    if (!result.success) throw new ResponseShapeError(result.error.issues);
    return result.data;
  };
}

/**
 * For fetchers that routes import eagerly (guards, loaders): the schema module, and zod with
 * it, loads with the first answer instead of on the first paint.
 */
export function parseLazily<S extends z.ZodType>(load: () => Promise<S>) {
  return async (body: unknown): Promise<z.output<S>> => parse(await load())(body);
}
