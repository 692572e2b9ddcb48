// Which thing of a podcast a request names for its route's rule: the path's id, the `context`
// query, or the session's selected podcast. Read by the guard and by the pipeline's access step.
import type { FastifyRequest } from 'fastify';
import { id } from '../../shared/api.ts';
import type { PodcastKind } from './access-query.ts';
import { kindOf } from './kinds.ts';

/** The id of the thing the request names for its route's rule, or undefined for none or a malformed one. */
export function thingIdOf(request: FastifyRequest, kind: PodcastKind) {
  if (kind.from === 'session') return 0; // the narrow picks the podcast
  const raw =
    kind.from === 'context'
      ? (request.query as { context?: unknown } | undefined)?.context
      : (request.params as { id?: unknown } | undefined)?.id;
  // Most method reads name no context: no schema to run for that.
  if (raw === undefined) return undefined;
  const parsed = id.safeParse(raw);
  return parsed.success ? parsed.data : undefined;
}

/** The podcast rule's thing that the request names, when the guard reads it with the session. */
export function podcastThing(request: FastifyRequest) {
  const rule = request.routeOptions.config.podcast;
  if (!rule) return undefined;
  const via = rule.via ?? 'podcast';
  const thingId = thingIdOf(request, kindOf(via));
  return thingId === undefined ? undefined : { via, thingId };
}
