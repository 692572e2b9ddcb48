// The feed suites' setup: a seeded app that allows one loopback feed server (with small size and
// time limits), a decoy on 127.0.0.2 that must never be reached, and the import as a user sends it.
import { expect } from 'vitest';
import { json } from '../helpers/agent.ts';
import { verifiedUser } from '../helpers/accounts.ts';
import { createTestApp } from '../helpers/test-app.ts';
import { startDecoy, startFeedServer } from './feed-server.ts';

export const MAX_BYTES = 3 * 1024 * 1024;
export const TIMEOUT_MS = 3000;

export type Page = {
  data: { id: number; title: string; web_uri: string | null; published_at: string | null }[];
  meta: { total: number; from: number | null; to: number | null; last_page: number };
};

export async function feedsApp() {
  const server = await startFeedServer();
  const t = await createTestApp({
    seed: true,
    config: {
      feeds: {
        allowedHosts: [new URL(server.origin).host],
        onlyAllowedHosts: false,
        maxBytes: MAX_BYTES,
        timeoutMs: TIMEOUT_MS,
      },
    },
  });
  const decoy = await startDecoy('127.0.0.2');

  const importFeed = (
    agent: Awaited<ReturnType<typeof verifiedUser>>['agent'],
    path: string,
    name?: string,
  ) =>
    agent.post('/api/podcasts:import', { rss_uri: path.startsWith('http') ? path : server.url(path), name });

  const podcastCount = () => t.count('podcasts');

  /** The import fails with `message` on rss_uri and leaves no podcast behind. */
  async function expectRefusedImport(url: string, message: string) {
    const { agent } = await verifiedUser(t);
    const before = await podcastCount();
    const response = await importFeed(agent, url);
    expect(response.statusCode, response.body).toBe(422);
    expect(json(response)).toEqual({ message, errors: { rss_uri: [message] } });
    expect(await podcastCount()).toBe(before);
  }

  return { server, t, decoy, importFeed, expectRefusedImport };
}
