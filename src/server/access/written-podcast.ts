// The podcast a write changed when its path names none (a podcast just created or imported): the
// route says so with `evaluateTipsAfter`, and the tips hook (engine/tips/evaluate-tips.ts) runs
// that podcast's rules after the answer, as it does for the podcast the guard found. Here, below
// the resources, so that they name no code of the engine above them (Entscheidung SRV-1).
import type { FastifyRequest } from 'fastify';

declare module 'fastify' {
  interface FastifyRequest {
    /** A podcast whose tips to evaluate once the answer is sent (routes without the guard set it). */
    tipsPodcastId: number | null;
  }
}

/** Asks for the tips of `podcastId` after the answer of this request (a route that wrote to it). */
export const evaluateTipsAfter = (request: FastifyRequest, podcastId: number) =>
  void (request.tipsPodcastId = podcastId);
