// The app shell with the answers every app screen asks for first, embedded (issue 25).
//
// Decision 2026-11-26: a page of /app/* requested with a session cookie gets the answers of
// GET /api/account/session, /api/account/podcasts and /api/account/context inside the document, as
// `<script type="application/json" id="boot">` (data, never executed, so the CSP stays
// `script-src 'self'`). The client's HTTP client answers those calls from it once, at the start
// (src/client/api/boot-answers.ts), so a screen's own requests start when its code has loaded
// instead of one round trip later; the three calls stay as the spec has them. The answers are made
// by the API itself (`inject` with the request's cookie), so the session check, the membership,
// role and plan guard and the serializers are the very ones of the calls: what a call would refuse
// (401, 403) is left out, and a guest's page embeds nothing.
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { SESSION_COOKIE } from '../auth/session.ts';
import { preferredEncoding } from './cached-json.ts';

export const BOOT_CALLS = ['/api/account/session', '/api/account/podcasts', '/api/account/context'] as const;

/** The answers of BOOT_CALLS for the request's session, by path; null for a guest. */
export async function bootAnswers(
  app: FastifyInstance,
  request: FastifyRequest,
): Promise<Record<string, unknown> | null> {
  if (!request.cookies[SESSION_COOKIE]) return null;
  const headers = {
    cookie: request.headers.cookie ?? '',
    accept: 'application/json',
    'user-agent': request.headers['user-agent'] ?? '',
  };
  const answers = await Promise.all(
    BOOT_CALLS.map(async (url) => {
      const answer = await app.inject({ method: 'GET', url, headers, remoteAddress: request.ip });
      return answer.statusCode === 200 ? ([url, answer.json()] as const) : null;
    }),
  );
  const found = Object.fromEntries(answers.filter((a) => a !== null));
  const session = found['/api/account/session'] as { data: unknown } | undefined;
  return session?.data ? found : null;
}

/** JSON inside a script element: `<` escaped, so no `</script>` or `<!--` can end it early. */
const scriptJson = (value: unknown) => JSON.stringify(value).replace(/</g, '\\u003c');

/** The shell with the boot answers before `</head>`, compressed as the client accepts. */
export function sendShellWithBoot(
  request: FastifyRequest,
  reply: FastifyReply,
  shell: string,
  answers: Record<string, unknown>,
) {
  const html = shell.replace(
    '</head>',
    `<script type="application/json" id="boot">${scriptJson(answers)}</script></head>`,
  );
  // Personal: no cache keeps it (the service worker precaches the plain index.html).
  reply.header('Cache-Control', 'no-store').header('Vary', 'Cookie, Accept-Encoding');
  reply.type('text/html; charset=utf-8');
  const encoding = preferredEncoding(request.headers['accept-encoding']);
  if (encoding === 'br')
    return reply
      .header('Content-Encoding', 'br')
      .send(brotliCompressSync(html, { params: { [constants.BROTLI_PARAM_QUALITY]: 4 } }));
  if (encoding === 'gzip') return reply.header('Content-Encoding', 'gzip').send(gzipSync(html));
  return reply.send(html);
}
