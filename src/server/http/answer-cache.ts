// A podcast read asked for again while nothing it reads has changed gets the answer it got last
// time, without its queries and without building the JSON again. A route opts in with
// `config: { answerCache: true }` next to its podcast rule; the guard still runs first on every
// request (session, membership, role, plan), so the cache only ever answers someone the guard
// let through, with the answer of the same URL for the same user, role, plan and Berlin day.
// An answer of a route that depends on anything else (another service, a file, the time of day)
// must not opt in.
//
// The lookup is the route's last preValidation step, after the guard (which prepends itself) and
// before the params and query are validated: an answer is kept only for a URL whose validation
// passed (a 200), and the same URL passes the same way, so a hit skips the schemas. Decision
// 2026-11-29 (issue 25): validating a kept read's URL was 5 % of its CPU.
//
// "Nothing changed" is a count of changes of the podcast and of everything, never taken after the
// data it stands for was read:
// - SQLite (db/change-watch.ts): counted in this process by triggers on its connection. The
//   guard's statement has read the podcast's row before the count is taken, so an answer is kept
//   only when nothing at all changed since the request began.
// - PostgreSQL (migration 0023): counted in a table by deferred triggers, read by the guard's
//   statement in the same snapshot as the podcast's row; every process sees every change.
// An answer is kept under the count seen before the handler ran: a change during the request
// makes it stale at once, never the other way round. Decision 2026-11-27 (issue 25).
//
// A user's own reads (`answerCache: 'user'`: the account, the podcasts to select) keep theirs on
// SQLite only, per URL, user and Berlin day, while nothing at all changed (their inputs span
// podcasts no count names). PostgreSQL counts no "anything changed", so there they are read each
// time. A podcast's answer that holds only until a moment (a cancelled subscription's end) changes
// its key then: the plan in the key is decided anew at every request.
import type { FastifyInstance, FastifyReply, FastifyRequest, preValidationHookHandler } from 'fastify';
import { berlinDate } from '../../shared/calendar.ts';
import type { AppContext } from '../context.ts';
import type { ChangeWatch } from '../db/change-watch.ts';
import { routeOf } from './route-of.ts';

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
    answerSlot: { key: string; version: string } | null;
    /** The change sequence when the request began, on a route that keeps its answers. */
    answerStart: number | null;
  }
}

/** Bounds: the characters of all kept answers, and the largest one kept (a method list's page is ~12 KB). */
const BUDGET = 16 * 1024 * 1024;
const LARGEST = 128 * 1024;

type Kept = { version: string; body: string; type: string };

/**
 * A plan as text for the key, once per plan object: the guard hands the same frozen plan to every
 * request of a kept row on the same day (podcasts/guard.ts).
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
  /** Answers from the kept one under `key` while `version` is its own; else marks the slot to keep. */
  const answerOrKeep = (request: FastifyRequest, reply: FastifyReply, key: string, version: string) => {
    const answer = kept.get(key);
    // Still the version it was kept under: still the answer, whatever the guard read meanwhile.
    if (answer?.version === version) {
      // Used again: to the back of the queue, so the least recently used goes first.
      kept.delete(key);
      kept.set(key, answer);
      reply.type(answer.type).send(answer.body);
      return true;
    }
    if (!changes || changes.sequence() === request.answerStart) request.answerSlot = { key, version };
    return false;
  };
  const lookup: preValidationHookHandler = (request, reply, done) => {
    const access = request.podcastAccess;
    if (!access) return done();
    const { podcast, role, plan, contractorId } = access;
    // The podcast too: the selected one (GET /api/account/context) has no id in its URL.
    const key = `${request.url}\n${podcast.id}\n${request.user!.id}\n${role}\n${contractorId}\n${planText(plan)}\n${berlinDate(clock.now())}`;
    const version = changes ? changes.version(podcast.id) : access.changes;
    if (!answerOrKeep(request, reply, key, version)) done(); // else the request ends here
  };
  // SQLite only (registered only there): the version is the count of all changes at the start.
  const lookupOwn: preValidationHookHandler = (request, reply, done) => {
    if (!request.user) return done();
    const key = `${request.url}\n${request.user.id}\n${berlinDate(clock.now())}`;
    if (!answerOrKeep(request, reply, key, String(request.answerStart))) done();
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
    const own = route.preValidation;
    route.preValidation = [...(own === undefined ? [] : [own].flat()), cache === 'user' ? lookupOwn : lookup];
  });
  // SQLite: before the access hook, whose statement reads the session and the podcast's row.
  if (changes) {
    app.addHook('onRequest', (request, _reply, done) => {
      if (routeOf(request).config?.answerCache) request.answerStart = changes.sequence();
      done();
    });
  }
  // Before the send hook, which compresses: the answer is kept as serialized.
  app.addHook('onSend', (request: FastifyRequest, reply: FastifyReply, payload: unknown, done) => {
    const slot = request.answerSlot;
    if (slot && reply.statusCode === 200 && typeof payload === 'string' && payload.length <= LARGEST) {
      size += payload.length - (kept.get(slot.key)?.body.length ?? 0);
      kept.delete(slot.key);
      kept.set(slot.key, {
        version: slot.version,
        body: payload,
        type: String(reply.getHeader('content-type')),
      });
      // The least recently used go first.
      for (const [key, answer] of kept) {
        if (size <= BUDGET) break;
        kept.delete(key);
        size -= answer.body.length;
      }
    }
    done(null, payload);
  });
}
