// The app shell with the answers every app screen asks for first, embedded.
//
// Entscheidung HTTP-2: a page of /app/* requested with a session cookie gets the answers of
// GET /api/account/session, /api/account/podcasts and /api/account/context inside the document, as
// `<script type="application/json" id="boot">` (data, never executed, so the CSP stays
// `script-src 'self'`). The client's HTTP client answers those calls from it once, at the start
// (src/client/api/boot-answers.ts), so a screen's own requests start when its code has loaded
// instead of one round trip later; the three calls stay as the spec has them. The answers are made
// by the API itself (`inject` with the request's cookie), so the session check, the membership,
// role and plan guard and the serializers are the very ones of the calls: what a call would refuse
// (401, 403) is left out, and a guest's page embeds nothing.
//
// The first screens get the answers of their own first requests embedded too (`screenCalls`), so
// they paint without any API request (Entscheidung HTTP-2).
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { SESSION_COOKIE } from './cookies.ts';
import { preferredEncoding } from './cached-json.ts';
import { screenReads, type Selected } from '../../shared/first-screens.ts';
import { READS, type Read } from '../../shared/reads.ts';

/** The shell's reads, on every app page. */
export const BOOT_READS = [READS.session({}), READS.podcasts({}), READS.context({})] as const;

/**
 * The GETs an app screen makes for its first paint besides the shell's, for the selected podcast:
 * declared once in src/shared/first-screens.ts as read descriptors, whose URL (src/shared/reads.ts)
 * is the one the client's fetchers ask for; tests/e2e/app-screens-one-round-trip.spec.ts sees a
 * call made over the network all the same.
 */
export const screenCalls = screenReads;

/** The answers of BOOT_READS and the screen's own (`screenCalls`) for the request's session, by path; null for a guest. */
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
  const ask = (reads: readonly Read[]) =>
    Promise.all(
      reads.map(async ({ url }) => {
        const answer = await app.inject({ method: 'GET', url, headers, remoteAddress: request.ip });
        return answer.statusCode === 200 ? ([url, answer.json()] as const) : null;
      }),
    ).then((answers) => Object.fromEntries(answers.filter((a) => a !== null)));
  const [sessionRead, , contextRead] = BOOT_READS;
  const found = await ask(BOOT_READS);
  const session = found[sessionRead.url] as { data: unknown } | undefined;
  if (!session?.data) return null;
  const context = found[contextRead.url] as { data: Selected | null } | undefined;
  if (!context?.data) return found;
  const [path, search = ''] = request.url.split('#')[0]!.split('?');
  return { ...found, ...(await ask(screenCalls(path!, search, context.data))) };
}

/** JSON inside a script element: `<` escaped, so no `</script>` or `<!--` can end it early. */
const scriptJson = (value: unknown) => JSON.stringify(value).replace(/</g, '\\u003c');

/**
 * The shell with the boot answers and the preloads of the screen's chunks (screen-preloads.ts)
 * before `</head>`, compressed as the client accepts.
 */
export function sendShellWithBoot(
  request: FastifyRequest,
  reply: FastifyReply,
  shell: string,
  answers: Record<string, unknown>,
  preloads: readonly string[] = [],
) {
  const links = preloads.map((href) => `<link rel="modulepreload" crossorigin href="${href}">`).join('');
  const html = shell.replace(
    '</head>',
    `${links}<script type="application/json" id="boot">${scriptJson(answers)}</script></head>`,
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
