// Fuzz test over the route table: every registered route and method gets bad params, queries,
// bodies and headers, as anonymous, unverified and verified users, with and without a CSRF token.
// No answer may be a 5xx; every error must be our `{ message, errors }` shape in German.
// Seeded: FUZZ_SEED=<n> npx vitest run tests/server/fuzz repeats a run exactly.
import type { LightMyRequestResponse, RouteOptions } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { register, verifiedUser } from '../helpers/accounts.ts';
import type { Agent } from '../helpers/agent.ts';
import { createTestApp } from '../helpers/test-app.ts';
import {
  badBodies,
  badHeaders,
  badIds,
  badTexts,
  badValues,
  describeSchema,
  plausibleObject,
  prng,
  toJson,
  type Body,
} from './inputs.ts';

const SEED = Number(process.env.FUZZ_SEED ?? 20260406);
/** Each route's generated inputs are cut to this many, so the file stays fast on both databases. */
const MAX_VARIANTS = 120;
/** Wrong-typed values per body field, besides every bad text. */
const VALUES_PER_FIELD = 5;
const RANDOM_VARIANTS = 12;
/** HEAD runs the GET handler: fewer inputs suffice. */
const HEAD_VARIANTS = 40;
/** Requests in flight at once: hides database and SMTP latency; the inputs stay seeded. */
const BATCH = 4;

const routes: RouteOptions[] = [];
const t = await createTestApp({ seed: true, onRoute: (route) => void routes.push(route) });
// The server's own error for each case, so a 500 in the report says what went wrong inside.
const serverErrors = new Map<string, string>();
t.app.addHook('onError', async (request, _reply, error) => {
  const id = request.headers['x-fuzz-case'];
  if (typeof id === 'string') serverErrors.set(id, `${error.name}: ${error.message}`.slice(0, 200));
});
let caseIds = 0;

type PersonaName = 'anonym' | 'unbestätigt' | 'bestätigt';
type Csrf = 'gültig' | 'fehlt' | 'kaputt';
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

type Variant = { note: string; url: string; body?: Body; headers?: Record<string, string> };
type Case = Variant & { method: string; persona: PersonaName; csrf: Csrf; id?: string };

const UNSAFE = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
const params = (url: string) => [...url.replaceAll('::', '').matchAll(/:(\w+)/g)].map((m) => m[1]!);
function fill(url: string, values: Record<string, string>) {
  return url
    .replaceAll('::', '\u0000')
    .replace(/:(\w+)/g, (_, name: string) => values[name] ?? '1')
    .replace('*', 'x')
    .replaceAll('\u0000', ':');
}
const query = (values: Record<string, unknown>) =>
  new URLSearchParams(Object.entries(values).map(([k, v]) => [k, String(v)])).toString();
const json = (value: Parameters<typeof toJson>[0], note: string): Body => ({
  note,
  contentType: 'application/json',
  payload: toJson(value),
});

function variantsFor(route: RouteOptions, method: string, random: ReturnType<typeof prng>): Variant[] {
  let counter = 0;
  const unique = () => `${SEED}-${method}-${++counter}-${random.int(1e9)}`;
  const schema = (route.schema ?? {}) as Record<string, unknown>;
  const names = params(route.url);
  const querySchema = describeSchema(schema.querystring);
  const bodySchema = describeSchema(schema.body);
  const baseQuery = querySchema ? plausibleObject(querySchema, unique) : {};
  const withQuery = (path: string, values: Record<string, unknown>) => {
    const q = query(values);
    return q ? `${path}?${q}` : path;
  };
  const basePath = fill(route.url, {});
  const base = withQuery(basePath, baseQuery);
  const hasBody = UNSAFE.has(method);
  const baseBody = (): Body | undefined =>
    hasBody && bodySchema ? json(plausibleObject(bodySchema, unique), 'plausibel') : undefined;

  const variants: Variant[] = [{ note: 'plausibel', url: base, body: baseBody() }];
  for (const name of names) {
    for (const id of badIds)
      variants.push({
        note: `:${name}=${id.slice(0, 20)}`,
        url: withQuery(fill(route.url, { [name]: id }), baseQuery),
      });
  }
  const queryKeys = [
    ...new Set([...Object.keys(baseQuery), ...Object.keys(querySchema?.properties ?? {}), 'context', 'page']),
  ];
  for (const key of queryKeys) {
    for (const id of badIds) {
      variants.push({
        note: `?${key}=${id.slice(0, 20)}`,
        url: `${basePath}?${query({ ...baseQuery, [key]: '' })}`.replace(`${key}=`, `${key}=${id}`),
      });
    }
    variants.push({
      note: `?${key} doppelt`,
      url: `${base}${base.includes('?') ? '&' : '?'}${key}=1&${key}=2`,
    });
  }
  variants.push({ note: 'Query Unsinn', url: `${basePath}?%FF=%FF&&=&a[b][c]=1&${'k'.repeat(3000)}=1` });

  if (hasBody) {
    if (bodySchema?.properties) {
      const fields = Object.keys(bodySchema.properties);
      for (const field of fields) {
        const values = [
          ...badTexts,
          ...Array.from({ length: VALUES_PER_FIELD }, () => random.pick(badValues)),
        ];
        for (const value of new Set(values)) {
          const body = { ...plausibleObject(bodySchema, unique), [field]: value };
          variants.push({
            note: `${field}=${toJson(value).slice(0, 30)}`,
            url: base,
            body: json(body, 'Feld'),
          });
        }
        const { [field]: _removed, ...without } = plausibleObject(bodySchema, unique);
        variants.push({ note: `ohne ${field}`, url: base, body: json(without, 'Feld fehlt') });
      }
      variants.push({
        note: 'Extrafeld',
        url: base,
        body: json({ ...plausibleObject(bodySchema, unique), role: 'admin', id: 1 }, 'Extrafeld'),
      });
    }
    for (const body of badBodies) variants.push({ note: body.note, url: base, body });
  }
  for (const { note, headers } of badHeaders) variants.push({ note, url: base, body: baseBody(), headers });

  // Random mixes of the above, so each seed explores a few new combinations.
  for (let i = 0; i < RANDOM_VARIANTS; i++) {
    const ids = Object.fromEntries(names.map((n) => [n, random.pick(badIds)]));
    const fieldNames = Object.keys(bodySchema?.properties ?? { name: {} });
    const body = Object.fromEntries(fieldNames.map((f) => [f, random.pick([...badTexts, ...badValues])]));
    variants.push({
      note: 'Zufall',
      url: withQuery(fill(route.url, ids), { ...baseQuery, [random.pick(queryKeys)]: random.pick(badIds) }),
      body: hasBody ? json(body, 'Zufall') : undefined,
      headers: random.next() < 0.3 ? random.pick(badHeaders).headers : undefined,
    });
  }
  // Keep the first (structured) variants in order; drop a seeded random part when over the bound.
  while (variants.length > MAX_VARIANTS) variants.splice(1 + random.int(variants.length - 1), 1);
  return variants;
}

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

// Fastify's English defaults and zod's English texts; our messages are German sentences.
const ENGLISH =
  /\b(Bad Request|Not Found|Internal Server Error|Unsupported Media Type|Payload Too Large|Too Many Requests|Unauthorized|Forbidden|Expected|expected|Invalid input|received|is not a valid|must be|Unexpected)\b/;
const german = (text: unknown) => typeof text === 'string' && text.trim() !== '' && !ENGLISH.test(text);

/** What is wrong with a response, or undefined when it is fine. */
function problem(method: string, response: LightMyRequestResponse): string | undefined {
  if (response.statusCode >= 500) return '5xx';
  if (response.statusCode < 400 || method === 'HEAD') return undefined;
  let body: unknown;
  try {
    body = response.json();
  } catch {
    return 'kein JSON';
  }
  if (!body || typeof body !== 'object' || Array.isArray(body)) return 'kein Objekt';
  const { message, errors, ...rest } = body as Record<string, unknown>;
  if (Object.keys(rest).length) return `fremde Felder ${Object.keys(rest).join(',')}`;
  if (!german(message)) return 'message fehlt oder nicht deutsch';
  if (errors === undefined) return undefined;
  if (!errors || typeof errors !== 'object' || Array.isArray(errors)) return 'errors kein Objekt';
  for (const list of Object.values(errors)) {
    if (!Array.isArray(list) || list.length === 0 || !list.every(german))
      return 'errors keine deutschen Texte';
  }
  return undefined;
}

const short = (text: string | Buffer | undefined, max: number) => {
  if (text === undefined) return '–';
  const s = typeof text === 'string' ? text : text.toString('latin1');
  return JSON.stringify(s.length > max ? `${s.slice(0, max)}… (${s.length} Zeichen)` : s);
};
function describeFailure(c: Case, response: LightMyRequestResponse, why: string) {
  return [
    `${why}: ${response.statusCode} ${c.method} ${short(c.url, 120)}`,
    `  als ${c.persona}, CSRF ${c.csrf}, Fall „${c.note}“`,
    c.headers ? `  Header ${short(JSON.stringify(c.headers), 120)}` : undefined,
    c.body
      ? `  Body (${c.body.contentType ?? 'ohne Content-Type'}) ${short(c.body.payload, 160)}`
      : undefined,
    `  Antwort ${short(response.body, 300)}`,
    response.statusCode >= 500 ? `  Serverfehler ${serverErrors.get(c.id ?? '') ?? '–'}` : undefined,
  ]
    .filter(Boolean)
    .join('\n');
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

const undecodable = (value: string | undefined) => {
  try {
    decodeURIComponent(value ?? '');
    return false;
  } catch {
    return true;
  }
};

/** Failures of one kind share a key: a 5xx by its input, a wrong shape by its body. */
function failureKey(c: Case, response: LightMyRequestResponse, why: string) {
  const body = response.body.replaceAll(c.url, '<url>').replace(/\d+/g, 'N').slice(0, 120);
  if (why !== '5xx') return `${why} ${response.statusCode} ${body}`;
  // A token that cannot be decoded fails every input alike: one class for all of them.
  const token = c.headers?.['x-xsrf-token'] ?? (c.csrf === 'kaputt' ? '%E0%A4%A' : undefined);
  return `${why} ${response.statusCode} ${undecodable(token) ? 'X-XSRF-TOKEN' : c.note}`;
}

async function fuzzRoute(route: RouteOptions, method: string) {
  const random = prng(
    SEED ^ [...`${method} ${route.url}`].reduce((h, ch) => Math.imul(h, 31) + ch.charCodeAt(0), 7),
  );
  const failures = new Map<string, { count: number; example: string }>();
  const variants = variantsFor(route, method, random).slice(0, method === 'HEAD' ? HEAD_VARIANTS : undefined);
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
      const why = problem(method, response);
      if (why) {
        const key = failureKey(c, response, why);
        const seen = failures.get(key);
        if (seen) seen.count++;
        else failures.set(key, { count: 1, example: describeFailure(c, response, why) });
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
          if (why) failures.push(describeFailure(c, response, why));
        }
      }
    }
    expect(failures.length, `${failures.length} Fehler:\n\n${failures.join('\n\n')}\n`).toBe(0);
  });
});
