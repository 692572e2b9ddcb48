// Billing routes (§7): the offerings, the OAuth hand-over with the provider (authorize URL with a
// state bound to the session; the `authorized` page posts code and state back), and redeeming or
// releasing a contract for a podcast. Without STEADY_* configuration the offerings still answer
// (meta.billing false, no subscribe links) and the provider routes say billing is off.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { idParam } from '../../shared/api.ts';
import {
  authorizedResponse,
  authorizedSchema,
  authorizeQuery,
  authorizeResponse,
  offeringsResponse,
  paidOfferingsQuery,
} from '../../shared/billing.ts';
import type { AppContext } from '../context.ts';
import { outsideRequest } from '../db/transaction-scope.ts';
import { requireUser, type SessionUser } from '../access/session.ts';
import { hmac, randomToken, safeEqual } from '../auth/tokens.ts';
import { HttpError, notFound } from '../http/errors.ts';
import { requirePodcast, type PodcastAccess } from '../access/guard.ts';
import { listOfferings } from './offerings.ts';
import { SteadyError, type SteadyClient } from './steady-client.ts';
import {
  connectAccount,
  describeSubscription,
  isCurrent,
  loadAccount,
  recheckAccount,
  redirectUri,
  tierOf,
  type SteadyAccount,
} from './subscriptions.ts';

export const billingMessages = {
  disabled: 'Die Bezahlung über Steady ist auf diesem Server nicht eingerichtet.',
  state: 'Die Anmeldung bei Steady gehört nicht zu deiner Sitzung. Bitte starte sie noch einmal.',
  refused: 'Steady hat die Anmeldung nicht bestätigt. Bitte starte sie noch einmal.',
  unreachable: 'Steady ist gerade nicht erreichbar. Bitte versuche es gleich noch einmal.',
  notConnected: 'Verbinde zuerst dein Steady-Konto: Wähle dazu auf der Seite „Studio Pro“ einen Tarif.',
  noSubscription: 'Du hast gerade kein laufendes Abo bei Steady.',
  usedElsewhere: 'Dein Abo schaltet bereits einen anderen Podcast frei. Löse dort zuerst den Vertrag ab.',
  taken: 'Dieser Podcast ist bereits mit dem Abo einer anderen Person freigeschaltet.',
  noContract: 'Für diesen Podcast ist kein Vertrag eingelöst.',
  notYours: 'Diesen Vertrag kann nur ablösen, wem das Abo gehört, oder die Inhaber*in des Podcasts.',
};

/** How long a subscription read counts as fresh when a contract page asks (the job reads the rest). */
const FRESH_MS = 60_000;

/** State = podcast id (0: none), a nonce, and their HMAC with the session: useless in another session. */
const stateMac = (ctx: AppContext, sessionId: string, podcastId: number, nonce: string) =>
  hmac(ctx.appKey, `steady-state:${sessionId}:${podcastId}:${nonce}`);

function issueState(ctx: AppContext, sessionId: string, podcastId: number) {
  const nonce = randomToken();
  return `${podcastId}.${nonce}.${stateMac(ctx, sessionId, podcastId, nonce)}`;
}

/** The podcast id the state carries, or null when the state is not this session's. */
function checkState(ctx: AppContext, sessionId: string, state: string): number | null {
  const match = /^([0-9]{1,10})\.([A-Za-z0-9_-]{43})\.([a-f0-9]{64})$/.exec(state);
  if (!match) return null;
  const podcastId = Number(match[1]);
  return safeEqual(match[3]!, stateMac(ctx, sessionId, podcastId, match[2]!)) ? podcastId : null;
}

export function billingRoutes(app: FastifyInstance, ctx: AppContext, steady: SteadyClient | null) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const { db, clock } = ctx;
  const billing = steady !== null;

  const requireSteady = () => {
    if (!steady) throw new HttpError(409, billingMessages.disabled);
    return steady;
  };

  /**
   * The viewer's account, read again from the provider unless that just happened. The re-check
   * calls Steady between its writes (a refreshed token, then the subscription), so it runs outside
   * the request's transaction, each write committed on its own (db/transaction-scope.ts): a copy of
   * Steady's state, as the periodic re-check writes it. Call it before the route writes.
   */
  async function freshAccount(user: SessionUser, force = false): Promise<SteadyAccount | undefined> {
    const account = await loadAccount(db, user.id);
    if (!account || !steady) return account;
    const age = clock.now().getTime() - new Date(account.checked_at).getTime();
    return force || age >= FRESH_MS ? outsideRequest(() => recheckAccount(ctx, steady, account)) : account;
  }

  async function podcastOfferings(request: FastifyRequest, access: PodcastAccess, user: SessionUser) {
    const account = await freshAccount(user);
    const now = clock.now();
    const contractor =
      access.contractorId === null
        ? undefined
        : await db
            .selectFrom('users')
            .innerJoin('steady_accounts', 'steady_accounts.user_id', 'users.id')
            .select(['users.id', 'users.email', 'steady_accounts.plan_name'])
            .where('users.id', '=', access.contractorId)
            .executeTakeFirst();
    return {
      data: listOfferings({
        subscribed: account && isCurrent(account.state, account.expires_at, now) ? tierOf(account) : null,
        associated: contractor ? tierOf(contractor) : null,
        contractor: contractor?.id === user.id,
        contractorEmail: contractor?.email ?? null,
      }),
      meta: {
        lifetimeaccess: access.plan.lifetime,
        billing,
        subscription: account ? await describeSubscription(db, account, user.id, now) : null,
      },
    };
  }

  api.get(
    '/api/offerings',
    { schema: { response: { 200: offeringsResponse } }, config: { access: 'public' } },
    async (request) => ({
      data: listOfferings(),
      meta: { lifetimeaccess: request.user?.granted === 1, billing },
    }),
  );

  api.get(
    '/api/offerings::paid',
    {
      schema: { querystring: paidOfferingsQuery, response: { 200: offeringsResponse } },
      config: { access: 'public' },
    },
    async (request) => ({
      data: listOfferings(
        {},
        ctx.config.steady ? { steady: ctx.config.steady, period: request.query.period } : undefined,
      ),
      meta: { lifetimeaccess: request.user?.granted === 1, billing },
    }),
  );

  api.get('/api/account/offerings', { schema: { response: { 200: offeringsResponse } } }, async (request) => {
    const user = requireUser(request);
    const account = await freshAccount(user);
    const now = clock.now();
    const subscription = account ? await describeSubscription(db, account, user.id, now) : null;
    const tier = account && subscription?.current ? tierOf(account) : null;
    return {
      data: listOfferings({
        subscribed: tier,
        associated: subscription?.podcast ? tier : null,
        contractor: true,
        contractorEmail: user.email,
      }),
      meta: { lifetimeaccess: user.granted === 1, billing, subscription },
    };
  });

  api.get(
    '/api/podcasts/:id/offerings',
    {
      schema: { params: idParam, response: { 200: offeringsResponse } },
      config: { podcast: { action: 'podcast.read' } },
    },
    async (request) => podcastOfferings(request, requirePodcast(request), requireUser(request)),
  );

  // The pricing action: the provider's authorize URL with a state bound to this session.
  api.get(
    '/api/account/steady::authorize',
    { schema: { querystring: authorizeQuery, response: { 200: authorizeResponse } } },
    async (request) => {
      const client = requireSteady();
      const user = requireUser(request);
      let podcastId = request.query.podcast_id ?? 0;
      if (podcastId) {
        const member = await db
          .selectFrom('memberships')
          .select('id')
          .where('podcast_id', '=', podcastId)
          .where('user_id', '=', user.id)
          .where('active', '=', 1)
          .executeTakeFirst();
        if (!member) podcastId = 0;
      }
      return { url: client.authorizeUrl(issueState(ctx, request.sessionId!, podcastId), redirectUri(ctx)) };
    },
  );

  // The `authorized` page hands over what the provider sent back; the code is exchanged here.
  api.post(
    '/api/account/steady',
    { schema: { body: authorizedSchema, response: { 200: authorizedResponse } } },
    async (request) => {
      const client = requireSteady();
      const user = requireUser(request);
      const podcastId = checkState(ctx, request.sessionId!, request.body.state);
      if (podcastId === null) throw new HttpError(403, billingMessages.state);
      let account: SteadyAccount;
      try {
        account = await connectAccount(ctx, client, user.id, request.body.code);
      } catch (error) {
        if (!(error instanceof SteadyError)) throw error;
        if (error.status >= 400 && error.status < 500) throw new HttpError(422, billingMessages.refused);
        throw new HttpError(503, billingMessages.unreachable);
      }
      return {
        podcast_id: podcastId || null,
        subscription: await describeSubscription(db, account, user.id, clock.now()),
      };
    },
  );

  // Redeem: the caller's current subscription unlocks this podcast (one podcast at a time).
  api.post(
    '/api/podcasts/:id/contract',
    {
      schema: { params: idParam, response: { 200: offeringsResponse } },
      config: { podcast: { action: 'contract.redeem' } },
    },
    async (request) => {
      requireSteady();
      const user = requireUser(request);
      const access = requirePodcast(request);
      const account = await freshAccount(user, true);
      if (!account || !account.access_token) throw new HttpError(422, billingMessages.notConnected);
      if (!isCurrent(account.state, account.expires_at, clock.now())) {
        throw new HttpError(422, billingMessages.noSubscription);
      }
      const podcastId = access.podcast.id;
      const mine = await db
        .selectFrom('contracts')
        .selectAll()
        .where('user_id', '=', user.id)
        .executeTakeFirst();
      if (mine && mine.podcast_id !== podcastId) throw new HttpError(409, billingMessages.usedElsewhere);
      if (!mine) {
        if (access.contractorId !== null && access.contractorId !== user.id) {
          throw new HttpError(409, billingMessages.taken);
        }
        // A contract of someone whose subscription ended gives way.
        await db.deleteFrom('contracts').where('podcast_id', '=', podcastId).execute();
        await db
          .insertInto('contracts')
          .values({ podcast_id: podcastId, user_id: user.id, created_at: clock.now().toISOString() })
          .execute();
      }
      return podcastOfferings(
        request,
        { ...access, plan: { ...access.plan, active: true }, contractorId: user.id },
        user,
      );
    },
  );

  // Release ('Vertrag ablösen'): by whose subscription it is, or by the owner.
  api.delete(
    '/api/podcasts/:id/contract',
    {
      schema: { params: idParam, response: { 200: offeringsResponse } },
      config: { podcast: { action: 'contract.redeem' } },
    },
    async (request) => {
      const user = requireUser(request);
      const access = requirePodcast(request);
      const contract = await db
        .selectFrom('contracts')
        .selectAll()
        .where('podcast_id', '=', access.podcast.id)
        .executeTakeFirst();
      if (!contract) throw notFound(billingMessages.noContract);
      if (contract.user_id !== user.id && access.role !== 'owner')
        throw new HttpError(403, billingMessages.notYours);
      await db.deleteFrom('contracts').where('podcast_id', '=', access.podcast.id).execute();
      return podcastOfferings(request, { ...access, contractorId: null }, user);
    },
  );
}
