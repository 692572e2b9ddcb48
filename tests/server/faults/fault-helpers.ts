// Shared by the fault suites: a podcast with a running experiment to write comments to (the write
// the issue saw stall) and to read (a table the comments' lock does not touch), and the app's log
// lines, to count what an outage logs.
import { expect } from 'vitest';
import { outageMessages } from '../../../src/server/http/errors.ts';
import type { TestApp } from '../helpers/test-app.ts';
import { addPractice, ownerWithPodcast, startExperiment } from '../experiments/experiment-helpers.ts';
import { addDays, berlinDate } from '../../../src/shared/calendar.ts';

export async function podcastWithExperiment(t: TestApp) {
  const { owner, podcast } = await ownerWithPodcast(t);
  const practice = await addPractice(t);
  const today = berlinDate(t.clock.now()); // the app's today: in Berlin, not UTC
  const experiment = await startExperiment(owner.agent, podcast.id, {
    practice_id: practice.id,
    starts_at: today,
    ends_at: addDays(today, 14),
  });
  return {
    owner,
    podcast,
    experiment,
    comment: (content: string, headers?: Record<string, string>) =>
      owner.agent.post(`/api/experiments/${experiment.id}/comments`, { content }, headers),
    read: () => owner.agent.get(`/api/podcasts/${podcast.id}`),
  };
}

/** The app's log as parsed lines (pass `log` as createTestApp's `logger`). */
export function logLines() {
  const lines: { level: number; msg: string }[] = [];
  return {
    lines,
    log: { write: (line: string) => void lines.push(JSON.parse(line) as { level: number; msg: string }) },
    /** Lines at level error (pino: 50) or above. */
    errors: () => lines.filter((line) => line.level >= 50),
  };
}

/** A 503 of an outage: its German message and a Retry-After. */
export function expectOutage(
  response: { statusCode: number; headers: Record<string, unknown>; json: () => unknown },
  kind: keyof typeof outageMessages,
) {
  expect(response.statusCode).toBe(503);
  expect((response.json() as { message: string }).message).toBe(outageMessages[kind]);
  expect(Number(response.headers['retry-after'])).toBeGreaterThan(0);
}

/** Asks `probe` again until it answers true (the state a test waits for), at most `tries` times. */
export async function until(probe: () => Promise<boolean>, tries = 300) {
  for (let i = 0; i < tries; i++) {
    if (await probe()) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error('the awaited state did not come');
}
