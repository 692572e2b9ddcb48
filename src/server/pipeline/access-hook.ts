// Deny by default: every route under /api/ needs a verified session unless it opts out in its
// route config (`config: { access: 'public' | 'user' }`). The route is matched as the router
// matched it (its pattern), never by the raw URL, so `/%61pi/...` cannot slip past.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppContext } from '../context.ts';
import { HttpError } from '../http/errors.ts';
import { routeOf } from '../http/route-of.ts';
import { verifyCsrf } from '../auth/csrf.ts';
import { changeMemo, unchangedVersions, watchedVersions } from '../db/change-memo.ts';
import { countedVersions, selectedVersions } from '../access/change-counts.ts';
import type { ClaimOutcome, KeyClaim } from './claim-query.ts';
import { podcastThing } from '../access/thing-of.ts';
import { sessionWithAccess, sessionWithClaim, type SessionAccess } from './session-access.ts';
import { keyToClaim } from './idempotency-key.ts';
import { loadSession, sessionReader, sessionWithFacts, type SessionUser } from '../access/session.ts';

/**
 * `public`: anyone; `user`: any signed-in user, confirmed or not; `verified` (default): a confirmed
 * user. `own-account` is `verified` said on purpose by a route whose path parameter names nothing
 * of a podcast (the caller's own things, or content every account reads); deny-by-default.ts
 * refuses a route with a parameter that declares neither that nor a podcast rule.
 */
export type Access = 'public' | 'user' | 'verified' | 'own-account';

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: Access;
  }
  interface FastifyRequest {
    /**
     * PostgreSQL: a podcast route's write with an Idempotency-Key reads its session later, with the
     * key's claim (pipeline/idempotency.ts); this reads it and answers what the claim found and what the
     * access checks refuse (thrown by the caller once the claim is its own, to free it), else null.
     */
    readWithClaim:
      ((claim: KeyClaim) => Promise<{ claim: ClaimOutcome | undefined; refused: Error | undefined }>) | null;
  }
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

const isApiRoute = (request: FastifyRequest) => routeOf(request).url?.startsWith('/api/') ?? false;

const routeAccess = (request: FastifyRequest): Access => routeOf(request).config.access ?? 'verified';

export function registerAccess(app: FastifyInstance, ctx: AppContext) {
  app.decorateRequest('user', null);
  app.decorateRequest('sessionId', null);
  app.decorateRequest('userFacts', null);
  app.decorateRequest('readWithClaim', null);

  /** What the route's access rule says about the loaded session: nothing, or the error. */
  function denial(request: FastifyRequest) {
    // Every write, wherever it is routed, needs the session's CSRF token.
    if (!SAFE_METHODS.has(request.method)) verifyCsrf(ctx, request);
    if (!isApiRoute(request)) return undefined;
    const access = routeAccess(request);
    if (access === 'public') return undefined;
    if (!request.user) return new HttpError(401, 'Du bist nicht angemeldet.');
    if (access !== 'user' && !request.user.email_verified_at) {
      return new HttpError(403, 'Bitte bestätige zuerst deine E-Mail-Adresse.');
    }
    return undefined;
  }

  /** denial's answer, also when it throws (the CSRF check). */
  function refusal(request: FastifyRequest) {
    try {
      return denial(request);
    } catch (thrown) {
      return thrown as Error;
    }
  }

  // Session reads kept while nothing they read changed (db/change-memo.ts); PostgreSQL keeps only
  // the podcast's rows, whose change counts the guard's statement reads.
  const changes = ctx.db.watchChanges?.();
  const versions = changes && watchedVersions(changes);
  const accessMemo = changeMemo<SessionAccess>(versions ?? countedVersions(ctx.db));
  // PostgreSQL counts every change of a podcast, so after a write a kept row never holds for the
  // next one: writes read the guard's one statement instead of checking a kept row first.
  const writeMemo = versions ? accessMemo : changeMemo<SessionAccess>(undefined);
  // The selected podcast's row (session-access.ts): on SQLite kept while nothing at all changed; on
  // PostgreSQL while the same podcast is selected and its counts hold.
  const selected = changeMemo<SessionAccess>(changes ? unchangedVersions(changes) : selectedVersions(ctx.db));
  const plainRead = sessionReader(ctx.db, changeMemo<SessionUser>(versions));
  // A podcast's route reads the session with its access row, in one statement (session-access.ts).
  app.addHook('onRequest', function loadSessionAccess(request, _reply, done) {
    const api = isApiRoute(request) || routeOf(request).url === '/sanctum/csrf-cookie';
    if (!api && SAFE_METHODS.has(request.method)) return done();
    if (ctx.db.engine === 'postgres' && keyToClaim(request) && podcastThing(request)) {
      // Read once the body is parsed (the claim stores its hash): session, access row and claim in
      // one statement, then the same checks (Entscheidung PIPE-1; parse errors come before 401 for
      // these writes).
      request.readWithClaim = async (claim) => {
        const reader = sessionWithClaim(ctx, request, claim);
        await loadSession(ctx, request, reader);
        return { claim: reader.claim, refused: refusal(request) };
      };
      return done();
    }
    const thing = SAFE_METHODS.has(request.method) ? accessMemo : writeMemo;
    const read =
      sessionWithAccess(ctx, { thing, selected }, request) ??
      (!versions && routeOf(request).config?.userFacts ? sessionWithFacts(ctx.db, request) : plainRead);
    loadSession(ctx, request, read).then(() => done(refusal(request)), done);
  });
}
