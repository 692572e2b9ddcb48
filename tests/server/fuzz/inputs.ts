// Bad inputs for the route fuzz test: ids, scalars, JSON values, whole bodies and headers.
// Everything here could arrive over real HTTP (URLs and headers stay printable ASCII).
import { z } from 'zod';

/** A tiny seeded PRNG (mulberry32), so a failing run can be repeated with the same FUZZ_SEED. */
export function prng(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (n: number) => Math.floor(next() * n);
  return { next, int, pick: <T>(items: readonly T[]) => items[int(items.length)]! };
}
export type Prng = ReturnType<typeof prng>;

/** Path and query values, already URL-encoded as a client would send them. */
export const badIds = [
  '0',
  '-1',
  '2147483647',
  '2147483648',
  '4294967296',
  '9007199254740993',
  '99999999999999999999999',
  '0x1',
  '+1',
  '1e3',
  '1.5',
  '-0',
  'NaN',
  'Infinity',
  '%201',
  '%FF',
  '%00',
  '%E0%A4%A',
  '%C0%AF',
  '%D9%A1',
  '%2F',
  'a'.repeat(3000),
];

/** A JSON fragment kept as text, for numbers JSON.stringify cannot write (1e309, -0, 2^53+1). */
export type Raw = { raw: string };
const raw = (text: string): Raw => ({ raw: text });
type Json = Raw | string | number | boolean | null | Json[] | { [key: string]: Json };

export function toJson(value: Json): string {
  if (value !== null && typeof value === 'object' && 'raw' in value && typeof value.raw === 'string') {
    return value.raw;
  }
  if (Array.isArray(value)) return `[${value.map(toJson).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, Json>);
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${toJson(v)}`).join(',')}}`;
  }
  return JSON.stringify(value);
}

const nested = (depth: number): Json => (depth === 0 ? 'x' : { a: nested(depth - 1) });

/** Text a column may not hold: every field of every body gets each of these. */
export const badTexts: Json[] = [
  'a\u0000b',
  '\u0001\u0008\u001b[31m\u007f',
  raw('"\\ud800"'),
  'x'.repeat(100_000),
  '',
];

/** Wrong types and odd numbers: each field gets a seeded handful of these. */
export const badValues: Json[] = [
  null,
  true,
  0,
  raw('-0'),
  raw('1e309'),
  raw('-1e309'),
  2 ** 31,
  raw('9007199254740993'),
  '0x1',
  '+1',
  '1e3',
  ' ',
  '\u0000',
  '\u202eabc',
  'ä'.repeat(300),
  [],
  ['a', 'b'],
  {},
  nested(60),
];

/** Whole bodies: bad JSON, bad shapes, wrong and broken content types. */
export type Body = { note: string; contentType?: string; payload: string | Buffer };

const boundary = '----kompassfuzz';
const part = (name: string, content: string | Buffer, filename?: string) =>
  Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="${name}"` +
        (filename ? `; filename="${filename}"\r\nContent-Type: image/png` : '') +
        '\r\n\r\n',
    ),
    Buffer.from(content),
    Buffer.from('\r\n'),
  ]);
const end = Buffer.from(`--${boundary}--\r\n`);
const multipart = `multipart/form-data; boundary=${boundary}`;
// A 1×1 PNG: the upload path gets as far as the image decoder.
const png = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

export const badBodies: Body[] = [
  { note: 'leeres JSON', contentType: 'application/json', payload: '' },
  { note: 'JSON abgeschnitten', contentType: 'application/json', payload: '{"email":' },
  { note: 'JSON null', contentType: 'application/json', payload: 'null' },
  { note: 'JSON Array', contentType: 'application/json', payload: '[{"email":"a@b.de"}]' },
  { note: 'JSON Zeichenkette', contentType: 'application/json', payload: '"x"' },
  { note: 'JSON 1e309', contentType: 'application/json', payload: '1e309' },
  { note: 'JSON __proto__', contentType: 'application/json', payload: '{"__proto__":{"role":"admin"}}' },
  {
    note: 'JSON constructor.prototype',
    contentType: 'application/json',
    payload: '{"constructor":{"prototype":{"role":"admin"}}}',
  },
  {
    note: 'JSON tief verschachtelt',
    contentType: 'application/json',
    payload: '['.repeat(20_000) + ']'.repeat(20_000),
  },
  { note: 'JSON mit NUL', contentType: 'application/json', payload: '\u0000' },
  {
    note: 'JSON ungültiges UTF-8',
    contentType: 'application/json',
    payload: Buffer.from([0x7b, 0xff, 0xfe, 0x7d]),
  },
  { note: 'JSON mit BOM', contentType: 'application/json', payload: '\ufeff{}' },
  {
    note: 'JSON 2 MB',
    contentType: 'application/json',
    payload: `{"name":"${'x'.repeat(2 * 1024 * 1024)}"}`,
  },
  { note: 'JSON charset latin1', contentType: 'application/json; charset=latin1', payload: '{}' },
  { note: 'JSON charset kaputt', contentType: 'application/json; charset="', payload: '{}' },
  { note: 'text/plain', contentType: 'text/plain', payload: 'hallo' },
  {
    note: 'Formular',
    contentType: 'application/x-www-form-urlencoded',
    payload: 'email=a%40b.de&password=x',
  },
  { note: 'XML', contentType: 'application/xml', payload: '<a/>' },
  { note: 'Content-Type Unsinn', contentType: ';;;/', payload: '{}' },
  { note: 'ohne Content-Type', payload: Buffer.from('{}') },
  {
    note: 'multipart ohne boundary',
    contentType: 'multipart/form-data',
    payload: part('upload', png, 'a.png'),
  },
  {
    note: 'multipart abgeschnitten',
    contentType: multipart,
    payload: part('upload', png, 'a.png').subarray(0, 80),
  },
  { note: 'multipart ohne Schluss', contentType: multipart, payload: part('upload', png, 'a.png') },
  { note: 'multipart leer', contentType: multipart, payload: end },
  {
    note: 'multipart Feld statt Datei',
    contentType: multipart,
    payload: Buffer.concat([part('upload', 'x'), end]),
  },
  {
    note: 'multipart kein Bild',
    contentType: multipart,
    payload: Buffer.concat([part('upload', 'kein bild', 'a.png'), end]),
  },
  {
    note: 'multipart zwei Dateien',
    contentType: multipart,
    payload: Buffer.concat([part('upload', png, 'a.png'), part('upload', png, 'b.png'), end]),
  },
  {
    note: 'multipart 1×1-PNG',
    contentType: multipart,
    payload: Buffer.concat([part('upload', png, 'a.png'), end]),
  },
];

/** Extra headers; `cookie` is appended to the persona's cookies. */
export type HeaderCase = { note: string; headers: Record<string, string> };
export const badHeaders: HeaderCase[] = [
  { note: 'X-XSRF-TOKEN %E0%A4%A', headers: { 'x-xsrf-token': '%E0%A4%A' } },
  { note: 'X-XSRF-TOKEN %', headers: { 'x-xsrf-token': '%' } },
  { note: 'X-XSRF-TOKEN lang', headers: { 'x-xsrf-token': 'a'.repeat(10_000) } },
  { note: 'riesiges Cookie', headers: { cookie: `x=${'a'.repeat(60_000)}` } },
  { note: 'Session-Cookie erfunden', headers: { cookie: 'kompass_session=erfunden' } },
  { note: 'Session-Cookie %FF', headers: { cookie: 'kompass_session=%FF' } },
  { note: 'XSRF-Cookie %E0%A4%A', headers: { cookie: 'XSRF-TOKEN=%E0%A4%A' } },
  { note: 'X-Forwarded-For gefälscht', headers: { 'x-forwarded-for': '127.203.0.7' } },
  { note: 'X-Forwarded-For Unsinn', headers: { 'x-forwarded-for': 'kein, ip, [::1]:80, 999.1.1.1' } },
  { note: 'X-Forwarded-For lang', headers: { 'x-forwarded-for': '1.'.repeat(4000) + '1' } },
  { note: 'Accept text/html', headers: { accept: 'text/html' } },
  { note: 'Accept-Encoding Unsinn', headers: { 'accept-encoding': 'br;q=x, *;q=-1' } },
];

type JsonSchema = {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  enum?: unknown[];
  const?: unknown;
  anyOf?: JsonSchema[];
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  pattern?: string;
};

/** The JSON schema of a route's zod schema (input side), or undefined for schemas zod cannot describe. */
export function describeSchema(schema: unknown): JsonSchema | undefined {
  if (!(schema instanceof z.ZodType)) return undefined;
  try {
    return z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as JsonSchema;
  } catch {
    return undefined;
  }
}

const PASSWORD = 'ein-langes-fuzz-passwort';

/** A value the field would probably accept, so that one bad field at a time reaches the handler. */
function plausible(name: string, schema: JsonSchema, unique: () => string): Json {
  if (schema.const !== undefined) return schema.const as Json;
  if (schema.enum?.length) return schema.enum[0] as Json;
  if (schema.anyOf?.length) return plausible(name, schema.anyOf[0]!, unique);
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  if (type === 'object') return plausibleObject(schema, unique);
  if (type === 'integer' || type === 'number') return Math.max(1, schema.minimum ?? 1);
  if (type === 'boolean' || type === undefined) return true;
  if (type === 'array') return [];
  if (/mail/i.test(name)) return `fuzz-${unique()}@example.org`;
  if (/password/i.test(name)) return PASSWORD;
  if (schema.pattern) {
    const length = Number(/\{(\d+)\}/.exec(schema.pattern)?.[1] ?? 8);
    const candidate = ['a', '1', 'A']
      .map((c) => c.repeat(length))
      .find((c) => new RegExp(schema.pattern!).test(c));
    if (candidate) return candidate;
  }
  return 'Fuzz'.padEnd(Math.max(schema.minLength ?? 1, 4), 'z').slice(0, schema.maxLength ?? 100);
}

export function plausibleObject(schema: JsonSchema, unique: () => string): { [key: string]: Json } {
  return Object.fromEntries(
    Object.entries(schema.properties ?? {}).map(([name, field]) => [name, plausible(name, field, unique)]),
  );
}
