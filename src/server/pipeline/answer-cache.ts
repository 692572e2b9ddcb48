// A podcast read asked for again while nothing it reads has changed gets the answer it got last
// time, without its queries and without building the JSON again. A route opts in with
// `config: { answerCache: true }` next to its podcast rule; the guard still runs first on every
// request (session, membership, role, plan), so the cache only ever answers someone the guard
// let through, with the answer of the same route and parameters (answer-key.ts: the path's and the
// declared query keys', never the raw URL) for the same user, role, plan and Berlin day.
// An answer of a route that depends on anything else (another service, a file, the time of day)
// must not opt in.
//
// The lookup is the route's last preValidation step, after the access step (the guard's decision)
// and before the params and query are validated: an answer is kept only for parameters whose
// validation passed (a 200) and that were sent as validation makes them, and the same parameters
// pass the same way, so a hit skips the schemas (Entscheidung PIPE-2).
//
// "Nothing changed" is a count of changes of the podcast and of everything, never taken after the
// data it stands for was read:
// - SQLite (db/change-watch.ts): counted in this process by triggers on its connection. The
//   guard's statement has read the podcast's row before the count is taken, so an answer is kept
//   only when nothing at all changed since the request began.
// - PostgreSQL (migration 0023): counted in a table by deferred triggers, read by the guard's
//   statement in the same snapshot as the podcast's row; every process sees every change.
// An answer is kept under the count seen before the handler ran: a change during the request
// makes it stale at once, never the other way round (Entscheidung DB-2).
//
// A user's own reads (`answerCache: 'user'`: the account, the podcasts to select) keep theirs on
// SQLite only, per route, user and Berlin day, while nothing at all changed (their inputs span
// podcasts no count names). PostgreSQL counts no "anything changed", so there they are read each
// time. A podcast's answer that holds only until a moment (a cancelled subscription's end) changes
// its key then: the plan in the key is decided anew at every request.
import type { FastifyInstance, FastifyReply, FastifyRequest, preValidationHookHandler } from 'fastify';
import { berlinDate } from '../../shared/calendar.ts';
import type { AppContext } from '../context.ts';
import type { ChangeWatch } from '../db/change-watch.ts';
import { answerKey, type AnswerKey } from './answer-key.ts';
import { routeOf } from '../http/route-of.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * true: a GET with a podcast rule, its 200 answers kept per podcast data version; 'user': a
     * user's own GET, kept on SQLite while nothing changed (answer-cache.ts).
     */
    answerCache?: boolean | 'user';
  }
  interface FastifyRequest {
    /** Where this request's answer is kept, if its route caches and it was not answered from there. */
    answerSlot: { of: AnswerKey; input: string; key: string; version: string } | null;
    /** The change sequence when the request began, on a route that keeps its answers. */
    answerStart: number | null;
  }
  interface FastifyInstance {
    /** What the answer cache keeps now, and its bounds (a test may narrow them for its own app). */
    answerCache: { size(): AnswerCacheSize; bounds: AnswerCacheSize };
  }
}

/**
 * Bounds (Entscheidung PIPE-7): the bytes of all kept entries (body, key, version, type, each at the bytes V8
 * holds it in, plus a fixed overhead per entry for the map's slot and the objects), the number of
 * entries, and the largest answer kept (a method list's page is ~12 KB). The least recently used
 * go first. The count and the overhead matter once bodies are small: the size alone let a flood
 * of small answers hold far more than it said.
 */
export const ANSWER_BUDGET = 16 * 1024 * 1024;
export const ANSWER_ENTRIES = 10_000;
const ENTRY_OVERHEAD = 256;
const LARGEST = 128 * 1024;

type Kept = { version: string; body: string; type: string; bytes: number };

// A string with a character beyond Latin-1 takes two bytes a character in V8, else one.
// eslint-disable-next-line no-control-regex
const WIDE = /[^\u0000-\u00ff]/;
const bytesOf = (text: string) => (WIDE.test(text) ? 2 * text.length : text.length);

/** What the process keeps (or may keep), for tests and the memory bench. */
export type AnswerCacheSize = { bytes: number; entries: number };

/**
 * A plan as text for the key, once per plan object: the guard hands the same frozen plan to every
 * request of a kept row on the same day (access/guard.ts).
 */
const planTexts = new WeakMap<object, string>();
function planText(plan: object) {
  let text = planTexts.get(plan);
  if (text === undefined) planTexts.set(plan, (text = JSON.stringify(plan)));
  return text;
}

export function registerAnswerCache(
  app: FastifyInstance,
  { clock }: AppContext,
  changes: ChangeWatch | undefined,
) {
  const kept = new Map<string, Kept>();
  let size = 0;
  const bounds: AnswerCacheSize = { bytes: ANSWER_BUDGET, entries: ANSWER_ENTRIES };
  app.decorate('answerCache', { size: () => ({ bytes: size, entries: kept.size }), bounds });
  /** Answers from the kept one under `key` while `version` is its own; else marks the slot to keep. */
  const answerOrKeep = (
    request: FastifyRequest,
    reply: FastifyReply,
    slot: { of: AnswerKey; input: string; key: string },
    version: string,
  ) => {
    const { key } = slot;
    const answer = kept.get(key);
    // Still the version it was kept under: still the answer, whatever the guard read meanwhile.
    if (answer?.version === version) {
      // Used again: to the back of the queue, so the least recently used goes first.
      kept.delete(key);
      kept.set(key, answer);
      reply.type(answer.type).send(answer.body);
      return true;
    }
    if (!changes || changes.sequence() === request.answerStart) request.answerSlot = { ...slot, version };
    return false;
  };
  const lookup = (of: AnswerKey): preValidationHookHandler =>
    function keptAnswer(request, reply, done) {
      const access = request.podcastAccess;
      const asked = access ? of.input(request) : undefined;
      if (!access || asked === undefined) return done();
      const { podcast, role, plan, contractorId } = access;
      // The podcast too: the selected one (GET /api/account/context) has no id in its URL.
      const key = `${asked}\n${podcast.id}\n${request.user!.id}\n${role}\n${contractorId}\n${planText(plan)}\n${berlinDate(clock.now())}`;
      const version = changes ? changes.version(podcast.id) : access.changes;
      // Else the request ends here.
      if (!answerOrKeep(request, reply, { of, input: asked, key }, version)) done();
    };
  // SQLite only (registered only there): the version is the count of all changes at the start.
  const lookupOwn = (of: AnswerKey): preValidationHookHandler =>
    function keptOwnAnswer(request, reply, done) {
      const asked = request.user ? of.input(request) : undefined;
      if (!request.user || asked === undefined) return done();
      const key = `${asked}\n${request.user.id}\n${berlinDate(clock.now())}`;
      if (!answerOrKeep(request, reply, { of, input: asked, key }, String(request.answerStart))) done();
    };

  app.decorateRequest('answerSlot', null);
  app.decorateRequest('answerStart', null);
  app.addHook('onRoute', (route) => {
    const cache = route.config?.answerCache;
    // Fastify's HEAD twin of a GET route shares its config; it keeps nothing.
    if (!cache || route.method === 'HEAD') return;
    if (route.method !== 'GET' || (cache === true) !== Boolean(route.config?.podcast)) {
      throw new Error(`${route.url}: only a GET keeps its answers, with a podcast rule or as 'user' without`);
    }
    if (cache === 'user' && !changes) return;
    const key = answerKey(route.url, route.schema?.querystring);
    const own = route.preValidation;
    route.preValidation = [
      ...(own === undefined ? [] : [own].flat()),
      cache === 'user' ? lookupOwn(key) : lookup(key),
    ];
  });
  // SQLite: before the access hook, whose statement reads the session and the podcast's row.
  if (changes) {
    app.addHook('onRequest', function markAnswerStart(request, _reply, done) {
      if (routeOf(request).config?.answerCache) request.answerStart = changes.sequence();
      done();
    });
  }
  // Before the send hook, which compresses: the answer is kept as serialized, and only when the
  // request was sent in the form its validation made of it (answer-key.ts).
  app.addHook(
    'onSend',
    function keepAnswer(request: FastifyRequest, reply: FastifyReply, payload: unknown, done) {
      const slot = request.answerSlot;
      if (
        slot &&
        reply.statusCode === 200 &&
        typeof payload === 'string' &&
        payload.length <= LARGEST &&
        slot.of.validated(request) === slot.input
      ) {
        const type = String(reply.getHeader('content-type'));
        const bytes =
          bytesOf(payload) + bytesOf(slot.key) + slot.version.length + type.length + ENTRY_OVERHEAD;
        size += bytes - (kept.get(slot.key)?.bytes ?? 0);
        kept.delete(slot.key);
        kept.set(slot.key, { version: slot.version, body: payload, type, bytes });
        // The least recently used go first.
        for (const [key, answer] of kept) {
          if (size <= bounds.bytes && kept.size <= bounds.entries) break;
          kept.delete(key);
          size -= answer.bytes;
        }
      }
      done(null, payload);
    },
  );
}
