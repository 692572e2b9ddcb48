// Serves the built PWA: hashed assets for a year, everything else revalidated, precompressed
// copies where the build made them, SPA fallback.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { SESSION_COOKIE } from './cookies.ts';
import { bootAnswers, sendShellWithBoot } from './boot-data.ts';
import { screenPreloads } from './screen-preloads.ts';

const API_PREFIXES = ['/api/', '/sanctum/'];

/**
 * The client's routes from the build (src/client/build/route-list.ts) as one pattern: a `$param`
 * matches one path segment. Without the list (an older build, tests) every path counts as known.
 */
function knownPaths(clientDir: string): RegExp | null {
  const file = join(clientDir, 'routes.json');
  if (!existsSync(file)) return null;
  const paths = JSON.parse(readFileSync(file, 'utf8')) as string[];
  const escape = (s: string) => s.replace(/[.*+?^{}()|[\]\\]/g, '\\$&');
  const patterns = paths.map((p) =>
    p
      .replace(/\/$/, '')
      .split('/')
      .map((part) => (part.startsWith('$') ? '[^/]+' : escape(part)))
      .join('/'),
  );
  return new RegExp(`^(?:${patterns.join('|')})/?$`);
}

export async function registerStaticClient(app: FastifyInstance, clientDir: string | undefined) {
  const hasClient = clientDir !== undefined && existsSync(join(clientDir, 'index.html'));
  if (hasClient) {
    await app.register(fastifyStatic, {
      root: clientDir,
      wildcard: true,
      index: false,
      // The build writes .br and .gz copies of the text files (src/client/build/precompress.ts).
      preCompressed: true,
      setHeaders(reply, path) {
        const immutable = path.includes(`${join(clientDir, 'assets')}`);
        reply.header('Cache-Control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
  }

  const shell = (reply: FastifyReply, file = 'index.html') =>
    reply.header('Cache-Control', 'no-cache').sendFile(file);
  // A guest gets the landing page rendered at build time (src/client/build/prerender.ts), which
  // paints before the app's JavaScript has loaded; with a session cookie the plain shell, so a
  // signed-in user on the way to the dashboard never sees the landing flash by.
  const hasLanding = hasClient && existsSync(join(clientDir, 'landing.html'));
  if (hasClient) {
    app.get('/', (request, reply) =>
      shell(reply, hasLanding && !request.cookies[SESSION_COOKIE] ? 'landing.html' : 'index.html'),
    );
  }

  const known = hasClient ? knownPaths(clientDir) : null;
  const shellHtml = hasClient ? readFileSync(join(clientDir, 'index.html'), 'utf8') : '';
  const preloads = hasClient ? screenPreloads(clientDir) : () => [];
  app.setNotFoundHandler(async (request, reply) => {
    const isApi = API_PREFIXES.some((p) => request.url.startsWith(p));
    if (isApi || !hasClient || request.method !== 'GET') {
      return reply.status(404).send({ message: 'Nicht gefunden.', errors: {} });
    }
    // Client-side routes, including the 404 page, are rendered by the app shell; a path that is no
    // route gets it with 404, so crawlers and link checkers see the page is missing.
    const path = request.url.split(/[?#]/)[0]!;
    if (known && !known.test(path)) reply.status(404);
    // A signed-in user's app screen comes with the answers it asks for first (boot-data.ts).
    const answers = /^\/app(\/|$)/.test(path) ? await bootAnswers(app, request) : null;
    if (answers) return sendShellWithBoot(request, reply, shellHtml, answers, preloads(path));
    return shell(reply);
  });
}
