// The upload suites' setup: an app with an owner's podcast „Zeitreise“, and the upload, commit,
// import (upload and commit under the guessed mapping) and GET audience as the owner sends them.
import { readFileSync } from 'node:fs';
import { expect } from 'vitest';
import type { Agent } from '../helpers/agent.ts';
import { verifiedUser } from '../helpers/accounts.ts';
import { multipart } from '../helpers/multipart.ts';
import { createTestApp } from '../helpers/test-app.ts';
import { podcastOwnedBy } from '../podcasts/podcast-helpers.ts';

export const fixture = (name: string) =>
  readFileSync(new URL(`../../fixtures/audience/${name}`, import.meta.url));

/** The upload the last importFile committed. */
export let lastUploadId: number;

export async function uploadApp() {
  const t = await createTestApp();
  const user = await verifiedUser(t);
  const owner = user.agent;
  const podcastId = await podcastOwnedBy(t, 'Zeitreise', user.id);

  async function upload(agent: Agent, bytes: Buffer | string, name = 'export.csv', id = podcastId) {
    const { body, headers } = multipart('upload', name, 'text/csv', Buffer.from(bytes));
    return agent.post(`/api/podcasts/${id}/audience-uploads`, body, headers);
  }

  /** `more`: the kind the podcaster chose, the report of a zip. */
  async function commit(
    agent: Agent,
    uploadId: number,
    mapping: Record<string, string | null>,
    more: { kind?: string | undefined; report?: string } = {},
  ) {
    return agent.post(`/api/podcasts/${podcastId}/audience-uploads/${uploadId}:commit`, { mapping, ...more });
  }

  /** Uploads and commits under the guessed (or remembered) mapping; the commit's data. */
  async function importFile(bytes: Buffer | string) {
    const preview = await upload(owner, bytes);
    expect(preview.statusCode, preview.body).toBe(201);
    const { id, mapping } = preview.json().data;
    const done = await commit(owner, id, mapping);
    expect(done.statusCode, done.body).toBe(200);
    lastUploadId = id;
    return done.json().data;
  }

  async function audience(query = 'from=2026-11-01&to=2026-12-31', agent = owner) {
    const response = await agent.get(`/api/podcasts/${podcastId}/audience?${query}`);
    expect(response.statusCode, response.body).toBe(200);
    return response.json().data as { days: Record<string, unknown>[]; episodes: Record<string, unknown>[] };
  }

  return { t, owner, podcastId, upload, commit, importFile, audience };
}
