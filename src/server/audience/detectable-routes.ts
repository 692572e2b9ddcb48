// GET /api/podcasts/{id}/effect-detectable?days=28: before an experiment, from what size of change
// on Kompass will tell after the planned days, and how long ±20 % would take
// (baseline-detectable.ts). Read like the effect it promises: Pro, every role that reads
// experiments (experiments.read).
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { idParam } from '../../shared/api.ts';
import { addDays, berlinDate } from '../../shared/calendar.ts';
import { detectableQuery, effectDetectableResource } from '../../shared/effect-detectable.ts';
import { requirePodcast } from '../access/guard.ts';
import type { AppContext } from '../context.ts';
import type { Db } from '../db/database.ts';
import { readAudienceDays, readReleases } from './audience-days.ts';
import { detectableAhead } from './baseline-detectable.ts';
import { BASELINE_MAX } from './baseline-effect.ts';
import { RELEASE_HORIZON } from './baseline-model.ts';

/** The podcast's days and releases before `today`, measured for a run of `runDays`. */
export async function loadDetectable(db: Db, podcastId: number, today: string, runDays: number) {
  const from = addDays(today, -BASELINE_MAX);
  const to = addDays(today, -1);
  const [days, releases] = await Promise.all([
    readAudienceDays(db, podcastId, { from, to }),
    readReleases(db, podcastId, { from: addDays(from, -RELEASE_HORIZON), to }),
  ]);
  return detectableAhead({ days, releases: releases.map((r) => r.day), today, runDays });
}

export function detectableRoutes(app: FastifyInstance, { db, clock }: AppContext) {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/api/podcasts/:id/effect-detectable',
    {
      schema: {
        params: idParam,
        querystring: detectableQuery,
        response: { 200: effectDetectableResource },
      },
      config: { podcast: { action: 'experiments.read', plan: 'pro' } },
    },
    async (request) => {
      const { podcast } = requirePodcast(request);
      return { data: await loadDetectable(db, podcast.id, berlinDate(clock.now()), request.query.days) };
    },
  );
}
