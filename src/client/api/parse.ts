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
 * What fetchers use: `.then(parseLazily(() => import('…/shared/x.ts').then((m) => m.xResponse)))`,
 * with the schema module imported by type only, so no screen's first paint loads zod and builds
 * the schemas (Entscheidung CLI-2). The answers of the first screen after a start
 * are taken as they come: they are the server's own, of the same build as the page it served (the
 * embedded boot answers, or the calls the page makes at once), and typed by the schemas
 * (`z.infer`). Every later answer is parsed, from the moment main.tsx has loaded zod in an idle
 * moment after the first screen (`parseEveryAnswer`); each schema module loads with its first answer.
 * The response schemas carry no transforms, so the raw answer is what parsing gives; their one
 * default (feed-check's `last_gap_days`, for reports stored before it existed) is a field the
 * client does not read.
 */
export function parseLazily<S extends z.ZodType>(load: () => Promise<S>) {
  return async (body: unknown): Promise<z.output<S>> =>
    firstScreen ? (body as z.output<S>) : parse(await load())(body);
}

let firstScreen = true;
/** Called once zod has loaded after the first screen (main.tsx): from now on every answer is parsed. */
export function parseEveryAnswer() {
  firstScreen = false;
}
