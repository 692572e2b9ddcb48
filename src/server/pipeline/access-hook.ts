// The access step: one hook decides who may call a route. It reads the session (on a podcast's
// route with the caller's access row in one statement, session-access.ts), checks CSRF on every
// write, applies the route's `access` (deny by default: every route under /api/ needs a verified
// session unless its config says `access: 'public' | 'user'`), and makes the guard's decision on
// a podcast rule (access/guard.ts `decidePodcast`: 404 for strangers, 403 for role or plan), in
// that order, before the body is parsed. The route is matched as the router matched it (its
// pattern), never by the raw URL, so `/%61pi/...` cannot slip past. On PostgreSQL a podcast
// route's write with an Idempotency-Key takes the whole step with the key's claim, once the body
// is parsed (idempotency.ts calls `withClaim`; Entscheidung PIPE-1).
import type { FastifyInstance, FastifyRequest, onRequestHookHandler } from 'fastify';
import type { AppContext } from '../context.ts';
import { HttpError } from '../http/errors.ts';
import { routeOf } from '../http/route-of.ts';
import { verifyCsrf } from '../auth/csrf.ts';
import { changeMemo, unchangedVersions, watchedVersions } from '../db/change-memo.ts';
import { countedVersions, selectedVersions } from '../access/change-counts.ts';
import { decidePodcast } from '../access/guard.ts';
import { podcastThing } from '../access/thing-of.ts';
import type { ClaimOutcome, KeyClaim } from './claim-query.ts';
import {
  sessionWithAccess,
  sessionWithClaim,
  type AccessRead,
  type SessionAccess,
} from './session-access.ts';
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
}

/** The access step, for the hooks of the pipeline (pipeline.ts). */
export type AccessStep = {
  /** The onRequest hook. */
  hook: onRequestHookHandler;
  /** Whether the step waits for the key's claim (PostgreSQL, a podcast route's keyed write). */
  withKey: (request: FastifyRequest) => string | undefined;
  /**
   * The step for those: session, access row and the key's claim in one statement; what the
   * claim found, the access checks' refusal (the caller throws it once the claim is its own, so
   * its answer is recorded or the key freed), and the guard's decision, made once the claim won.
   */
  withClaim: (
    request: FastifyRequest,
    claim: KeyClaim,
  ) => Promise<{
    claim: ClaimOutcome | undefined;
    refused: Error | undefined;
    decide: () => Promise<void> | undefined;
  }>;
};

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

const isApiRoute = (request: FastifyRequest) => routeOf(request).url?.startsWith('/api/') ?? false;

const routeAccess = (request: FastifyRequest): Access => routeOf(request).config.access ?? 'verified';

export function createAccessStep(app: FastifyInstance, ctx: AppContext): AccessStep {
  app.decorateRequest('user', null);
  app.decorateRequest('sessionId', null);
  app.decorateRequest('userFacts', null);

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

  /** The guard's decision on a podcast rule, on the row read with the session. */
  const decide = (request: FastifyRequest, read: AccessRead | undefined) =>
    request.routeOptions.config.podcast ? decidePodcast(ctx, request, read) : undefined;

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
  const withKey = (request: FastifyRequest) => {
    if (ctx.db.engine !== 'postgres') return undefined;
    const key = keyToClaim(request);
    return key && podcastThing(request) ? key : undefined;
  };

  return {
    withKey,
    hook: function accessStep(request, _reply, done) {
      const api = isApiRoute(request) || routeOf(request).url === '/sanctum/csrf-cookie';
      if (!api && SAFE_METHODS.has(request.method)) return done();
      if (withKey(request)) return done();
      const thing = SAFE_METHODS.has(request.method) ? accessMemo : writeMemo;
      const withAccess = sessionWithAccess(ctx, { thing, selected }, request);
      const read =
        withAccess ??
        (!versions && routeOf(request).config?.userFacts ? sessionWithFacts(ctx.db, request) : plainRead);
      loadSession(ctx, request, read).then(() => {
        try {
          const refused = refusal(request);
          if (refused) return done(refused);
          const deciding = decide(request, withAccess?.read);
          if (!deciding) return done();
          deciding.then(() => done(), done);
        } catch (error) {
          done(error as Error);
        }
      }, done);
    },
    async withClaim(request, claim) {
      const reader = sessionWithClaim(ctx, request, claim);
      await loadSession(ctx, request, reader);
      return { claim: reader.claim, refused: refusal(request), decide: () => decide(request, reader.read) };
    },
  };
}
