// The guarded-fetch suites' setup: the allowed loopback feed server (with /ok), decoys on
// 127.0.0.2 and ::1 that must not be reached, the fetch options, and a fetch's refusal message.
import type { FeedConfig } from '../../../src/server/config.ts';
import { FeedError } from '../../../src/server/feeds/feed-error.ts';
import { safeFetch } from '../../../src/server/feeds/safe-fetch.ts';
import { startDecoy, startFeedServer } from './feed-server.ts';

export async function fetchSetup() {
  const server = await startFeedServer();
  const decoy = await startDecoy('127.0.0.2');
  const decoy6 = await startDecoy('::1');

  const options = (overrides: Partial<FeedConfig> = {}) => ({
    allowedHosts: [new URL(server.origin).host],
    onlyAllowedHosts: false,
    maxBytes: 64 * 1024,
    timeoutMs: 1500,
    accept: '*/*',
    ...overrides,
  });

  async function failure(url: string, overrides: Partial<FeedConfig> = {}) {
    try {
      await safeFetch(url, options(overrides));
    } catch (error) {
      if (error instanceof FeedError) return error.message;
      throw error;
    }
    throw new Error(`${url} was fetched`);
  }

  server.route('/ok', (_req, res) => res.end('hallo'));

  return { server, decoy, decoy6, options, failure };
}
