// Writes src/server/ENDPOINTS.md from the route table: each endpoint, who may call it (its route
// config read with the role tables) and the file that registered it (the route's registration
// call, read from the stack). endpoint-index.test.ts fails when the checked-in file drifts.
//
//   npx tsx tests/server/contract/endpoint-index.ts    # writes src/server/ENDPOINTS.md anew
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FastifyContextConfig } from 'fastify';
import { staffAbilities } from '../../../src/shared/admin.ts';
import { can, membershipRole } from '../../../src/shared/roles.ts';
import { buildApp } from '../../../src/server/app.ts';
import { loadConfig } from '../../../src/server/config.ts';

export const INDEX_FILE = fileURLToPath(new URL('../../../src/server/ENDPOINTS.md', import.meta.url));
export const INDEX_COMMAND = 'npx tsx tests/server/contract/endpoint-index.ts';

type Row = { method: string; path: string; config: FastifyContextConfig; files: string[] };

/** The app's routes as registered, HEAD answers (Fastify adds one per GET) left out. */
export async function routeTable(): Promise<Row[]> {
  const dataDir = mkdtempSync(join(tmpdir(), 'kompass-endpoints-'));
  const rows: Row[] = [];
  const limit = Error.stackTraceLimit;
  Error.stackTraceLimit = 60;
  try {
    const defaults = loadConfig({});
    const { app } = await buildApp(
      { ...defaults, dataDir, clientDir: undefined, appUrl: 'http://studio.test' },
      {
        logger: false,
        onRoute: (route) => {
          const files = (new Error().stack ?? '')
            .split('\n')
            .map((line) => /\/src\/server\/([^:()]+\.ts):\d+/.exec(line)?.[1])
            .filter((file): file is string => file !== undefined && file !== 'app.ts');
          for (const method of [route.method].flat()) {
            if (method === 'HEAD') continue;
            rows.push({ method, path: route.url, config: route.config ?? {}, files: [...new Set(files)] });
          }
        },
      },
    );
    await app.close();
  } finally {
    Error.stackTraceLimit = limit;
    rmSync(dataDir, { recursive: true, force: true });
  }
  return rows;
}

/** Fastify's `/api/podcasts/:id(^[^:/]+)::complete` as the spec writes it: `/api/podcasts/{id}:complete`. */
export const specPath = (url: string) =>
  url
    .replace(/\(\^[^)]*\)/g, '')
    .split('::')
    .map((part) => part.replace(/:(\w+)/g, '{$1}'))
    .join(':');

const ACCESS = {
  public: 'anyone',
  user: 'a signed-in user, confirmed or not',
  verified: 'a confirmed user',
  'own-account': 'a confirmed user (the path names nothing of a podcast)',
} as const;

const podcastRoles = (action: string) => membershipRole.keys.filter((role) => can(role, action)).join(', ');

/** Who may call a route, from its config: the access rule, the podcast rule, the staff ability. */
export function whoMayCall(config: FastifyContextConfig): string {
  if (config.staff) {
    const roles = Object.entries(staffAbilities).flatMap(([role, abilities]) =>
      (abilities as readonly string[]).includes(config.staff!) ? [role] : [],
    );
    return `staff \`${config.staff}\`: ${roles.join(', ')}`;
  }
  const rule = config.podcast;
  if (!rule) return ACCESS[config.access ?? 'verified'];
  const via = rule.via && rule.via !== 'podcast' ? ` via \`${rule.via}\`` : '';
  const plan = rule.plan === 'pro' ? '; the podcast on Studio Pro' : '';
  const who = `\`${rule.action}\`${via}: ${podcastRoles(rule.action)}${plan}`;
  return config.access && config.access !== 'verified' ? `${ACCESS[config.access]}; ${who}` : who;
}

const METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'];

export function renderIndex(rows: Row[]): string {
  const sorted = rows
    .map((row) => ({ ...row, path: specPath(row.path) }))
    .sort(
      (a, b) => a.path.localeCompare(b.path, 'en') || METHODS.indexOf(a.method) - METHODS.indexOf(b.method),
    );
  const lines = sorted.map(({ method, path, config, files }) => {
    const [answers, ...through] = files;
    const file = answers ? `[${answers}](${answers})` : '(app.ts)';
    const via = through.length > 0 ? ` (registered by ${through.map((f) => `[${f}](${f})`).join(', ')})` : '';
    return `| \`${method} ${path}\` | ${whoMayCall(config)} | ${file}${via} |`;
  });
  return [
    '# Endpoints: who may call them, which file answers',
    '',
    `Generated from the route table by \`${INDEX_COMMAND}\`; do not edit by hand.`,
    '`tests/server/contract/endpoint-index.test.ts` fails when this file and the routes differ.',
    '',
    "**Who may call it** is the route's `config`, decided before the handler runs (`README.md`",
    'here says how): `access` (`pipeline/access-hook.ts`; without one, a confirmed user); a podcast',
    'rule, the action in `src/shared/roles.ts` with the membership roles that may do it, `via` the',
    'kind of id the path names (`access/kinds.ts`), Studio Pro when the plan must be Pro',
    '(`access/guard.ts`); a staff ability for `/api/nova` (`access/staff.ts`, the roles from',
    '`src/shared/admin.ts`). **Answered by** is the file whose call registered the route; a route',
    'made by a shared helper names the file that called it too. Paths as the spec writes them.',
    '',
    '| endpoint | who may call it | answered by |',
    '|---|---|---|',
    ...lines,
    '',
  ].join('\n');
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  routeTable()
    .then((rows) => {
      writeFileSync(INDEX_FILE, renderIndex(rows));
      console.log(`${rows.length} endpoints written to src/server/ENDPOINTS.md`);
      process.exit(0);
    })
    .catch((error: unknown) => {
      console.error(error);
      process.exit(1);
    });
}
