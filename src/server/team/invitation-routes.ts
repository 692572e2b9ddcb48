// Invitations: a podcast's open invitations, inviting (with a mail), resending, and the invited
// person's side: the preview behind the mailed link and accepting it as a signed-in user.
// (Registering through an invitation is in account/account-routes.ts.)
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idParam } from '../../shared/api.ts';
import { podcastResource } from '../../shared/podcasts.ts';
import {
  invitationAcceptMessages,
  invitationAcceptSchema,
  invitationFormSchema,
  invitationPreviewResource,
  invitationResource,
  invitationsResponse,
} from '../../shared/team.ts';
import type { AppContext } from '../context.ts';
import { withTx, type Db } from '../db/database.ts';
import { requireUser } from '../access/session.ts';
import { limits, refundThrottle, throttle } from '../auth/throttle.ts';
import { sha256 } from '../auth/tokens.ts';
import { HttpError, invalid, notFound } from '../http/errors.ts';
import { podcastAccess, requirePodcast } from '../access/guard.ts';
import { serializePodcast } from '../podcasts/serialize-podcast.ts';
import {
  acceptInvitation,
  expiryFrom,
  invitationByToken,
  invitationMessages,
  invitationSummary,
  isExpired,
  refusal,
  refused,
  roleLabel,
  serializeInvitation,
} from './invitations.ts';

/** A token as the path carries it; any string, so every wrong one gets the same 404. */
const tokenParam = z.object({ token: z.string() });

/** Whether `email` is the address of an active member of the podcast. */
async function isActiveMember(db: Db, podcastId: number, email: string) {
  const row = await db
    .selectFrom('memberships')
    .innerJoin('users', 'users.id', 'memberships.user_id')
    .select('memberships.id')
    .where('memberships.podcast_id', '=', podcastId)
    .where('memberships.active', '=', 1)
    .where('users.email', '=', email)
    .executeTakeFirst();
  return row !== undefined;
}

export function invitationRoutes(app: FastifyInstance, ctx: AppContext) {
  const { db, clock } = ctx;
  const api = app.withTypeProvider<ZodTypeProvider>();

  /** Every invitation mail of a podcast counts against one hourly limit, resends included. */
  const throttleMail = (podcastId: number) =>
    throttle(ctx, `invitation-mail:${podcastId}`, limits.invitationMail);

  // Open and expired invitations, newest first; accepted ones are not listed (§4).
  api.get(
    '/api/podcasts/:id/invitations',
    {
      schema: { params: idParam, response: { 200: invitationsResponse } },
      config: { podcast: { action: 'invitations.read' } },
    },
    async (request) => {
      const { podcast } = requirePodcast(request);
      const rows = await db
        .selectFrom('invitations')
        .selectAll()
        .where('podcast_id', '=', podcast.id)
        .where('converted_at', 'is', null)
        .orderBy('created_at', 'desc')
        .orderBy('id', 'desc')
        .execute();
      const now = clock.now();
      return { data: rows.map((row) => serializeInvitation(row, now)) };
    },
  );

  // Inviting an address with an open invitation refreshes that one (role, notes, inviter, a new
  // link and lifetime) and answers 200; a new invitation answers 201. An active member's address
  // is refused.
  api.post(
    '/api/podcasts/:id/invitations',
    {
      schema: {
        params: idParam,
        body: invitationFormSchema,
        response: { 200: invitationResource, 201: invitationResource },
      },
      config: { podcast: { action: 'invitations.create' } },
    },
    async (request, reply) => {
      const user = requireUser(request);
      const { podcast } = requirePodcast(request);
      const { email, type, notes } = request.body;
      if (await isActiveMember(db, podcast.id, email)) {
        throw invalid({ email: ['Diese Person gehört bereits zum Team dieses Podcasts.'] });
      }
      await throttleMail(podcast.id);
      const now = clock.now();
      const sent = {
        role: type,
        notes,
        invited_by: user.id,
        last_sent_at: now.toISOString(),
        expires_on: expiryFrom(now),
      };
      const { row, created } = await withTx(db, async (tx) => {
        const refreshed = await tx
          .updateTable('invitations')
          .set(sent)
          .where('podcast_id', '=', podcast.id)
          .where('email', '=', email)
          .where('converted_at', 'is', null)
          .returningAll()
          .executeTakeFirst();
        const row =
          refreshed ??
          (await tx
            .insertInto('invitations')
            .values({ ...sent, podcast_id: podcast.id, email, created_at: now.toISOString() })
            .returningAll()
            .executeTakeFirstOrThrow());
        await ctx.mail.enqueue(tx, { template: 'invitation', invitationId: row.id });
        return { row, created: !refreshed };
      });
      return reply.status(created ? 201 : 200).send({ data: serializeInvitation(row, now) });
    },
  );

  // Mails the invitation again with a new link (the older links stop working) and renews its
  // lifetime; needs the right to invite in the invitation's podcast.
  api.post(
    '/api/invitations/:id(^[^:/]+)::resend',
    {
      schema: { params: idParam, response: { 200: invitationResource } },
      config: { podcast: { via: 'invitation', action: 'invitations.create' } },
    },
    async (request) => {
      const now = clock.now();
      const invitation = await db
        .selectFrom('invitations')
        .selectAll()
        .where('id', '=', request.params.id)
        .executeTakeFirstOrThrow();
      if (invitation.converted_at !== null) throw new HttpError(422, invitationMessages.converted);
      await throttleMail(invitation.podcast_id);
      const row = await withTx(db, async (tx) => {
        const renewed = await tx
          .updateTable('invitations')
          .set({ last_sent_at: now.toISOString(), expires_on: expiryFrom(now) })
          .where('id', '=', invitation.id)
          .where('converted_at', 'is', null)
          .returningAll()
          .executeTakeFirst();
        if (!renewed) throw new HttpError(422, invitationMessages.converted);
        await ctx.mail.enqueue(tx, { template: 'invitation', invitationId: renewed.id });
        return renewed;
      });
      return { data: serializeInvitation(row, now) };
    },
  );

  /**
   * Finds what a mailed token names, throttled per client against guessing (the token has 256
   * random bits; this keeps even trying slow). Only unknown tokens use up the limit, so people
   * behind one address who open real links are never locked out by each other.
   */
  async function byToken<T>(request: FastifyRequest, find: () => Promise<T | undefined>): Promise<T> {
    const key = `invitation-token:${request.ip}`;
    await throttle(ctx, key, limits.invitationToken);
    const found = await find();
    if (!found) throw notFound(invitationMessages.missing);
    await refundThrottle(db, key);
    return found;
  }

  // What the mailed link shows before accepting: only the preview's fields.
  api.get(
    '/api/invitations/:token',
    {
      schema: { params: tokenParam, response: { 200: invitationPreviewResource } },
      config: { access: 'public' },
    },
    async (request) => {
      const row = await byToken(request, () =>
        invitationSummary(db)
          .where('invitations.token_hash', '=', sha256(request.params.token))
          .executeTakeFirst(),
      );
      return {
        data: {
          email: row.email,
          role: roleLabel(row.role),
          podcast: { title: row.title },
          inviter: { name: row.inviter_name },
          expired: isExpired(row, clock.now()),
          converted: row.converted_at !== null,
        },
      };
    },
  );

  // An existing account accepts (confirmed or not; the link confirms the invited address when it
  // is the account's). Answers the podcast, now selected, so the client goes to its dashboard.
  // The link is a bearer token (Entscheidung TEAM-1): whoever holds it may join with the invited
  // role, so the preview names who invited whom, the invited address accepts at once, and any
  // other signed-in address must confirm (`{ confirm: true }`) after the page has warned.
  api.post(
    '/api/invitations/:token(^[^:/]+)::accept',
    {
      schema: { params: tokenParam, body: invitationAcceptSchema, response: { 200: podcastResource } },
      config: { access: 'user' },
    },
    async (request) => {
      const user = requireUser(request);
      const invitation = await byToken(request, () => invitationByToken(db, request.params.token));
      const now = clock.now();
      // An expired or used link says so first: there is nothing to confirm.
      const problem = refusal(invitation, now);
      if (problem) throw refused(problem);
      if (user.email.toLowerCase() !== invitation.email.toLowerCase() && request.body?.confirm !== true) {
        throw invalid({ confirm: [invitationAcceptMessages.otherAddress(invitation.email)] });
      }
      await withTx(db, (tx) => acceptInvitation(tx, now, invitation, user));
      const access = await podcastAccess(db, now, user, invitation.podcast_id, { action: 'podcast.read' });
      return { data: await serializePodcast(db, access) };
    },
  );
}
