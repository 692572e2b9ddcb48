// The podcast's audience sources: GET/POST /api/podcasts/{id}/audience-sources, DELETE
// …/{sourceId}, POST …/{sourceId}:refresh. Every role reads them; the owner and managers connect,
// remove and refresh (audience.manage). The token is read once, checked at OP3, stored sealed
// (token-box.ts) and never answered again: a source says only `token_hint`.
//
// Entscheidung AUD-3: connecting answers 201 at once with status 'pending'; the 12 months are read
// in the background (audience-job.ts) and the screen polls the list.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { id } from '../../shared/api.ts';
import {
  audienceMessages,
  audienceSourceCollection,
  audienceSourceResource,
  connectOp3Body,
} from '../../shared/audience.ts';
import { requirePodcast } from '../access/guard.ts';
import { requireUser } from '../access/session.ts';
import { limits, throttle } from '../auth/throttle.ts';
import type { AppContext } from '../context.ts';
import { isUniqueViolation, withTx } from '../db/database.ts';
import { HttpError, invalid, notFound } from '../http/errors.ts';
import type { AudienceJob } from './audience-job.ts';
import { sourceMessages } from './fetch-source.ts';
import { op3Client } from './op3-client.ts';
import { resolveShow } from './op3-source.ts';
import { readSource, readSources } from './source-queries.ts';
import { updateSourceMetrics } from './source-metrics.ts';
import { isSourceError } from './source.ts';
import { serverTokenBox, tokenHint } from './token-box.ts';
import { uploadImportRoutes } from './upload-import-routes.ts';

const sourceParams = z.object({ id, sourceId: id });
const read = { podcast: { action: 'audience.read' as const } };
const manage = { podcast: { action: 'audience.manage' as const } };

/**
 * OP3's refusals as the form shows them: a wrong token or an unknown show at the token field; an
 * outage is the server's (503) and the form's, with no field named, since the token is not what
 * is wrong (Entscheidung AUD-23).
 */
function connectError(error: unknown): never {
  if (isSourceError(error)) {
    if (error.kind === 'token' || error.kind === 'show') throw invalid({ token: [error.message] });
    throw new HttpError(
      503,
      audienceMessages.unreachable,
      {},
      {
        'retry-after': String(error.retryAfter ?? 60),
      },
    );
  }
  throw error;
}

export function audienceSourceRoutes(app: FastifyInstance, ctx: AppContext, job: AudienceJob) {
  const { db, clock, config } = ctx;
  const api = app.withTypeProvider<ZodTypeProvider>();
  // The uploads one by one sit beside the sources they make up.
  uploadImportRoutes(app, ctx);

  api.get(
    '/api/podcasts/:id/audience-sources',
    { schema: { params: z.object({ id }), response: { 200: audienceSourceCollection } }, config: read },
    async (request) => ({ data: await readSources(db, requirePodcast(request).podcast.id) }),
  );

  api.post(
    '/api/podcasts/:id/audience-sources',
    {
      schema: { params: z.object({ id }), body: connectOp3Body, response: { 201: audienceSourceResource } },
      config: manage,
    },
    async (request, reply) => {
      const { podcast } = requirePodcast(request);
      if (!podcast.rss_uri) throw invalid({ token: [audienceMessages.noFeed] });
      const exists = await db
        .selectFrom('audience_sources')
        .select('id')
        .where('podcast_id', '=', podcast.id)
        .where('type', '=', 'op3')
        .executeTakeFirst();
      if (exists) throw invalid({ type: [audienceMessages.alreadyConnected] });
      // Every connect makes the server call OP3: limited per user, like the feed import.
      await throttle(ctx, `op3:${requireUser(request).id}`, limits.feedFetch);
      const { token } = request.body;
      const show = await resolveShow(op3Client(config.op3, token), podcast.rss_uri).catch(connectError);
      const now = clock.now().toISOString();
      const box = await serverTokenBox(db);
      const sourceId = await withTx(db, async (tx) => {
        const row = await tx
          .insertInto('audience_sources')
          .values({
            podcast_id: podcast.id,
            type: 'op3',
            token_secret: box.seal(token, podcast.id),
            token_hint: tokenHint(token),
            show_uuid: show.showUuid,
            show_title: show.title ?? null,
            status: 'pending',
            message: sourceMessages.backfilling,
            failures: 0,
            next_fetch_at: now,
            created_at: now,
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        return row.id;
      }).catch((error: unknown) => {
        if (isUniqueViolation(error)) throw invalid({ type: [audienceMessages.alreadyConnected] });
        throw error;
      });
      const created = await readSource(db, podcast.id, sourceId);
      job.background(sourceId);
      if (!created) throw notFound(audienceMessages.sourceNotFound);
      return reply.status(201).send({ data: created });
    },
  );

  // The token goes with its row: days, episodes and the sealed token are removed together.
  api.delete(
    '/api/podcasts/:id/audience-sources/:sourceId',
    { schema: { params: sourceParams }, config: manage },
    async (request, reply) => {
      const { podcast } = requirePodcast(request);
      const sourceId = request.params.sourceId;
      const removed = await withTx(db, async (tx) => {
        const row = await tx
          .selectFrom('audience_sources')
          .select('id')
          .where('id', '=', sourceId)
          .where('podcast_id', '=', podcast.id)
          .executeTakeFirst();
        if (!row) return false;
        await tx.deleteFrom('audience_days').where('source_id', '=', sourceId).execute();
        await tx.deleteFrom('audience_episodes').where('source_id', '=', sourceId).execute();
        await tx.deleteFrom('audience_sources').where('id', '=', sourceId).execute();
        // Its months' Reichweite/Durchhörrate go with it, or come from the sources left.
        await updateSourceMetrics(tx, podcast.id, clock.now());
        return true;
      });
      if (!removed) throw notFound(audienceMessages.sourceNotFound);
      return reply.status(204).send();
    },
  );

  // Fetches now and answers the source as the fetch left it; while this process already fetches
  // it (a backfill), the answer is the source as it stands, without waiting.
  api.post(
    '/api/podcasts/:id/audience-sources/:sourceId(^[^:/]+)::refresh',
    { schema: { params: sourceParams, response: { 200: audienceSourceResource } }, config: manage },
    async (request) => {
      const { podcast } = requirePodcast(request);
      const sourceId = request.params.sourceId;
      const before = await readSource(db, podcast.id, sourceId);
      if (!before) throw notFound(audienceMessages.sourceNotFound);
      if (before.type === 'op3' && !job.running(sourceId)) {
        await throttle(ctx, `op3:${requireUser(request).id}`, limits.feedFetch);
        await job.fetchNow(sourceId);
      }
      const after = await readSource(db, podcast.id, sourceId);
      if (!after) throw notFound(audienceMessages.sourceNotFound);
      return { data: after };
    },
  );
}
