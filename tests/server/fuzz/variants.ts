// The requests the fuzz test sends to one route: plausible ones, then one bad part at a time.
import type { RouteOptions } from 'fastify';
import {
  badBodies,
  badHeaders,
  badIds,
  badTexts,
  badValues,
  describeSchema,
  plausibleObject,
  toJson,
  type Body,
  type Prng,
} from './inputs.ts';

/** Each route's generated inputs are cut to this many, so the file stays fast on both databases. */
const MAX_VARIANTS = 120;
/** Wrong-typed values per body field, besides every bad text. */
const VALUES_PER_FIELD = 5;
const RANDOM_VARIANTS = 12;

export type PersonaName = 'anonym' | 'unbestätigt' | 'bestätigt';
export type Csrf = 'gültig' | 'fehlt' | 'kaputt';

export type Variant = {
  note: string;
  url: string;
  body?: Body;
  headers?: Record<string, string>;
  /** The body field that carries a control character (U+0000–U+001F, U+007F), if one does. */
  control?: string;
};
export type Case = Variant & { method: string; persona: PersonaName; csrf: Csrf; id?: string };

export const UNSAFE = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
// eslint-disable-next-line no-control-regex
const hasControl = (value: unknown) => typeof value === 'string' && /[\u0000-\u001F\u007F]/.test(value);
/** Drops a parameter's pattern, as in `:id(^[^:/]+)::complete`. */
const plain = (url: string) => url.replace(/\([^)]*\)/g, '');
const params = (url: string) =>
  [
    ...plain(url)
      .replaceAll('::', '')
      .matchAll(/:(\w+)/g),
  ].map((m) => m[1]!);
function fill(url: string, values: Record<string, string>) {
  return plain(url)
    .replaceAll('::', '\u0000')
    .replace(/:(\w+)/g, (_, name: string) => values[name] ?? '1')
    .replace('*', 'x')
    .replaceAll('\u0000', ':');
}
const query = (values: Record<string, unknown>) =>
  new URLSearchParams(Object.entries(values).map(([k, v]) => [k, String(v)])).toString();
export const json = (value: Parameters<typeof toJson>[0], note: string): Body => ({
  note,
  contentType: 'application/json',
  payload: toJson(value),
});

/** Bad inputs for one route and method, starting with a plausible request. */
export function variantsFor(route: RouteOptions, method: string, random: Prng, seed: number): Variant[] {
  let counter = 0;
  const unique = () => `${seed}-${method}-${++counter}-${random.int(1e9)}`;
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
            ...(hasControl(value) && { control: field }),
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
