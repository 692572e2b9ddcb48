// The optional rephrasing: an OpenAI-compatible endpoint (here a fake on loopback) rewrites the
// message; a failing or slow endpoint leaves the rule's text.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseTipConfig } from '../../../src/server/config.ts';
import { rephrase } from '../../../src/server/engine/tips/rephrase.ts';

const tip = { rule: 'welcome', cause: 'welcome', subject: 'Hallo', message: 'Der Text der Regel.' };
let server: Server;
let url: string;
const seen: unknown[] = [];

beforeAll(async () => {
  server = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk) => (body += chunk));
    request.on('end', () => {
      seen.push({ url: request.url, auth: request.headers.authorization, body: JSON.parse(body) });
      if (request.url?.startsWith('/slow/')) return void setTimeout(() => response.end('{}'), 2000);
      if (request.url?.startsWith('/broken/')) return void response.writeHead(500).end();
      response.setHeader('content-type', 'application/json');
      response.end(JSON.stringify({ choices: [{ message: { content: 'Neu formuliert.' } }] }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

// The answering endpoint gets all the time a busy machine needs (with 1 s, a loaded test machine
// timed out on loopback and kept the rule's text); only the slow one is cut short on purpose.
const config = (path: string, timeout = '30000') => ({
  tips: parseTipConfig({ TIP_LLM_URL: `${url}${path}`, TIP_LLM_API_KEY: 'k', TIP_LLM_TIMEOUT_MS: timeout }),
});

describe('rephrasing tips', () => {
  it('is off by default', async () => {
    expect(parseTipConfig({}).llm).toBeUndefined();
    expect(await rephrase({ tips: parseTipConfig({}) }, tip)).toBe('Der Text der Regel.');
  });

  it('uses the endpoint’s text when it answers', async () => {
    expect(await rephrase(config('/v1'), tip)).toBe('Neu formuliert.');
    expect(seen.at(-1)).toMatchObject({ url: '/v1/chat/completions', auth: 'Bearer k' });
  });

  it('keeps the rule’s text when the endpoint fails or is too slow', async () => {
    expect(await rephrase(config('/broken'), tip)).toBe('Der Text der Regel.');
    expect(await rephrase(config('/slow', '100'), tip)).toBe('Der Text der Regel.');
  });
});
