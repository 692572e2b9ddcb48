// Fuzz test over the route table: every registered route and method gets bad params, queries,
// bodies and headers, as anonymous, unverified and verified users, with and without a CSRF token.
// No answer may be a 5xx; every error must be our `{ message, errors }` shape in German.
// SQLite and PostgreSQL answer alike: no input reaches a database that refuses it (PostgreSQL
// refuses a NUL, SQLite stores it), and no text with a control character is accepted — the one
// shared text schema (src/shared/api.ts `text`) refuses it first, on either engine.
// Seeded: FUZZ_SEED=<n> npx vitest run tests/server/fuzz sends the same inputs again.
import type { RouteOptions } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { register, verifiedUser } from '../helpers/accounts.ts';
import type { Agent } from '../helpers/agent.ts';
import { createTestApp } from '../helpers/test-app.ts';
import { prng } from './inputs.ts';
import { json, UNSAFE, variantsFor, type Case, type Csrf, type PersonaName } from './variants.ts';
import { describeFailure, failureKey, problem } from './verdict.ts';

const SEED = Number(process.env.FUZZ_SEED ?? 20260406);
/** HEAD runs the GET handler: fewer inputs suffice. */
const HEAD_VARIANTS = 40;
/** Requests in flight at once: hides database and SMTP latency; the inputs stay seeded. */
const BATCH = 4;

const routes: RouteOptions[] = [];
const t = await createTestApp({ seed: true, onRoute: (route) => void routes.push(route) });
// The server's own error for each case, so a 500 in the report says what went wrong inside.
const serverErrors = new Map<string, string>();
/** Cases the database refused (a PostgreSQL data exception, 22xxx): the schema let them through. */
const refusedByDatabase = new Set<string>();
t.app.addHook('onError', async (request, _reply, error) => {
  const id = request.headers['x-fuzz-case'];
  if (typeof id !== 'string') return;
  serverErrors.set(id, `${error.name}: ${error.message}`.slice(0, 200));
  const code = (error as { code?: unknown }).code;
  if (typeof code === 'string' && /^22/.test(code)) refusedByDatabase.add(id);
});

/** Body fields that may carry a control character: they never reach a database as text. */
const CONTROL_ALLOWED: Record<string, string> = {};

/** What is wrong beyond the answer's shape: the database judged the input, or took a control character. */
function engineProblem(c: Case, route: RouteOptions, response: { statusCode: number }) {
  if (refusedByDatabase.has(c.id ?? '')) return 'die Datenbank lehnte die Eingabe ab, nicht das Schema';
  if (c.control && response.statusCode < 300 && !CONTROL_ALLOWED[`${c.method} ${route.url} ${c.control}`])
    return `Steuerzeichen in „${c.control}“ angenommen`;
  return undefined;
}
let caseIds = 0;

const personas = {} as Record<PersonaName, Agent>;

// Every persona and every generated request comes from an address of its own, so per-IP
// throttles (registration, login) neither stop the run nor hide the handlers behind 429s.
let addresses = 0;
const nextAddress = () => {
  const n = ++addresses;
  return `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`;
};

async function createPersona(name: PersonaName) {
  const agent = t.agent(nextAddress());
  if (name === 'anonym') await agent.csrf();
  else if (name === 'bestätigt') await verifiedUser(t, undefined, agent);
  else await register(t, undefined, agent);
  personas[name] = agent;
}

/** Writes may have logged a persona out, changed its address or deleted it: make a new one. */
async function repairPersona(name: PersonaName) {
  if (name === 'anonym') return;
  const response = await personas[name].get('/api/account');
  const verified =
    response.statusCode === 200 && (response.json() as { data: { verified: boolean } }).data.verified;
  if (response.statusCode !== 200 || verified !== (name === 'bestätigt')) await createPersona(name);
}

beforeAll(async () => {
  for (const name of ['anonym', 'unbestätigt', 'bestätigt'] as const) await createPersona(name);
});

async function send(c: Case) {
  const agent = personas[c.persona];
  const cookies = [...agent.cookies].map(([k, v]) => `${k}=${v}`);
  const headers: Record<string, string> = {
    accept: 'application/json',
    'x-requested-with': 'XMLHttpRequest',
  };
  const token = agent.cookies.get('XSRF-TOKEN');
  if (c.csrf === 'gültig' && token) headers['x-xsrf-token'] = token;
  if (c.csrf === 'kaputt') headers['x-xsrf-token'] = '%E0%A4%A';
  for (const [k, v] of Object.entries(c.headers ?? {})) {
    if (k === 'cookie') cookies.push(v);
    else headers[k] = v;
  }
  if (cookies.length) headers.cookie = cookies.join('; ');
  if (c.body?.contentType) headers['content-type'] = c.body.contentType;
  c.id = String(++caseIds);
  headers['x-fuzz-case'] = c.id;
  return t.app.inject({
    method: c.method as 'GET',
    url: c.url,
    headers,
    payload: c.body?.payload,
    remoteAddress: nextAddress(),
  });
}

const others: [PersonaName, Csrf][] = [
  ['anonym', 'gültig'],
  ['anonym', 'fehlt'],
  ['anonym', 'kaputt'],
  ['unbestätigt', 'gültig'],
  ['unbestätigt', 'fehlt'],
  ['bestätigt', 'fehlt'],
  ['bestätigt', 'kaputt'],
];

async function fuzzRoute(route: RouteOptions, method: string) {
  const random = prng(
    SEED ^ [...`${method} ${route.url}`].reduce((h, ch) => Math.imul(h, 31) + ch.charCodeAt(0), 7),
  );
  const failures = new Map<string, { count: number; example: string }>();
  const variants = variantsFor(route, method, random, SEED).slice(
    0,
    method === 'HEAD' ? HEAD_VARIANTS : undefined,
  );
  // The deepest path (verified, valid token) for every input, plus one other seeded combination.
  const cases = variants.flatMap((variant) =>
    [['bestätigt', 'gültig'] as const, random.pick(others)].map(([persona, csrf]): Case => ({
      ...variant,
      method,
      persona,
      csrf,
    })),
  );
  let repairs = 0;
  for (const name of ['unbestätigt', 'bestätigt'] as const) await repairPersona(name);
  for (let i = 0; i < cases.length; i += BATCH) {
    const batch = cases.slice(i, i + BATCH);
    const responses = await Promise.all(batch.map(send));
    const written = new Set<PersonaName>();
    batch.forEach((c, j) => {
      const response = responses[j]!;
      const why = problem(method, response) ?? engineProblem(c, route, response);
      if (why) {
        const key = failureKey(c, response, why);
        const seen = failures.get(key);
        if (seen) seen.count++;
        else
          failures.set(key, {
            count: 1,
            example: describeFailure(c, response, why, serverErrors.get(c.id ?? '')),
          });
      }
      if (UNSAFE.has(method) && response.statusCode < 300) written.add(c.persona);
    });
    // A successful write may have logged the persona out; a repair costs a registration, so few.
    for (const persona of written) if (repairs++ < 3) await repairPersona(persona);
  }
  const list = [...failures.values()].map(
    ({ count, example }) => `${example}\n  (${count === 1 ? 'ein Fall' : `${count} Fälle`} dieser Art)`,
  );
  return { sent: cases.length, failures: list };
}

describe(`Fuzz über die Routentabelle (FUZZ_SEED=${SEED})`, () => {
  it('kennt die Routen', () => {
    expect(routes.map((r) => `${r.method} ${r.url}`)).toContain('POST /api/account');
  });

  for (const route of routes) {
    for (const method of [route.method].flat()) {
      it(`${method} ${route.url}`, { timeout: 120_000 }, async () => {
        const { sent, failures } = await fuzzRoute(route, method);
        expect(sent).toBeGreaterThan(10);
        expect(failures.length, `${failures.length} Fehlerklassen:\n\n${failures.join('\n\n')}\n`).toBe(0);
      });
    }
  }

  it('nicht registrierte und kaputte Pfade', async () => {
    const paths = [
      '/api/gibt-es-nicht',
      '/api/%FF',
      '/api/practices/%FF',
      '/%61pi/account/session',
      '/api/account/%00',
      '/api/../etc/passwd',
      `/api/${'x'.repeat(5000)}`,
    ];
    const failures: string[] = [];
    for (const url of paths) {
      for (const method of ['GET', 'POST', 'DELETE']) {
        for (const [persona, csrf] of [
          ['bestätigt', 'gültig'],
          ['anonym', 'fehlt'],
        ] as const) {
          const c: Case = { note: 'Pfad', url, method, persona, csrf, body: json({}, '{}') };
          const response = await send(c);
          const why = problem(method, response);
          if (why) failures.push(describeFailure(c, response, why, serverErrors.get(c.id ?? '')));
        }
      }
    }
    expect(failures.length, `${failures.length} Fehler:\n\n${failures.join('\n\n')}\n`).toBe(0);
  });
});
