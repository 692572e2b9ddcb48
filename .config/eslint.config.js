// Lint rules that keep the architecture honest (STYLE.md): client, server and sw import only
// shared; shared imports neither; features don't import each other; no import cycles; the server's
// folders import one way only, down its layers (serverLayers below).
// src/browser/ is the browser runtime the page and the service worker share (offline store,
// replay, request conventions): client and sw may import it, it imports only shared.
// Inside the client the direction is api → lib → components → features → routes: components/
// (shared UI) never import features/, and api/ (the HTTP client) never imports lib/.
// Run from the project root with `eslint -c .config/eslint.config.js .` (npm run check).
import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import importX, { createNodeResolver } from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

const features = (() => {
  try {
    return readdirSync('src/client/features', { withFileTypes: true })
      .filter((d) => d.isDirectory())
      .map((d) => d.name);
  } catch {
    return [];
  }
})();

// The server's layers, bottom first (src/server/README.md says what each is for): a file imports
// its own folder and what stands before it in this list, never what stands after it, type imports
// included, so no two folders import each other (Entscheidung SRV-1).
//   the base:  net/ (address policy, allow lists), config.ts, clock.ts, db/ (Kysely, migrations,
//              seed), jobs/ (queues, leases),
//              mail/ (queue and mailer), context.ts (the AppContext type)
//   the web:   http/ (errors, serializers, the served PWA),
//              auth/ (passwords, tokens, CSRF, throttles), access/ (sessions, the podcast guard,
//              its kinds, the plan, the staff guard: who may call what), pipeline/ (session and
//              access loading, idempotency, the request's unit of work, kept answers)
//   the outside world: images/, feeds/ (guarded fetch, RSS), push/, billing/ (Steady)
//   resources, each above those it reads: users, audience, experiments, feed-check, practices,
//              assistances, podcasts, team, account, content, admin, feedback, newsletter
//   engine/:   Kompass-KI, above the resources it reads
//   the top:   test-hooks.ts, app.ts (assembles everything), cli.ts, main.ts, dev.ts, boot.ts
const serverLayers = [
  ...['net', 'config.ts', 'clock.ts', 'db', 'jobs', 'mail', 'context.ts'],
  ...['http', 'auth', 'access', 'pipeline'],
  ...['images', 'feeds', 'push', 'billing'],
  ...['users', 'audience', 'experiments', 'feed-check', 'practices', 'assistances', 'podcasts'],
  ...['team', 'account', 'content', 'admin', 'feedback', 'newsletter'],
  'engine',
  ...['test-hooks.ts', 'app.ts', 'cli.ts', 'main.ts', 'dev.ts', 'boot.ts'],
];
const serverPath = (name) => `./src/server/${name}`;
const serverZones = (() => {
  let entries = [];
  try {
    entries = readdirSync('src/server').filter((name) => !name.startsWith('.') && !name.endsWith('.md'));
  } catch {
    // not run from the project root: no zones
  }
  const zones = serverLayers.slice(0, -1).map((name, i) => ({
    target: serverPath(name),
    from: serverLayers.slice(i + 1).map(serverPath),
    message: `src/server/${name} sits below this layer and must not import it (.config/eslint.config.js, serverLayers).`,
  }));
  // A new folder or top-level file is in no layer until it is listed: it may import nothing of the server.
  for (const name of entries.filter((e) => !serverLayers.includes(e))) {
    zones.push({
      target: serverPath(name),
      from: './src/server',
      except: [`./${name}`],
      message: `src/server/${name} is in no layer: add it to serverLayers in .config/eslint.config.js.`,
    });
  }
  return zones;
})();

const forbid = (...groups) => ({
  'no-restricted-imports': [
    'error',
    { patterns: groups.map((g) => ({ group: [`**/${g}/**`], message: `Do not import from ${g}/ here.` })) },
  ],
});

export default tseslint.config(
  {
    ignores: [
      'dist/**',
      'data/**',
      'test-results/**',
      'playwright-report/**',
      'node_modules/**',
      'dev-dist/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    plugins: { 'import-x': importX },
    settings: { 'import-x/resolver-next': [createNodeResolver({ extensions: ['.ts', '.tsx', '.js'] })] },
    rules: {
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', destructuredArrayIgnorePattern: '^_' },
      ],
    },
  },
  {
    // build scripts run in Node; the injected shim in the CommonJS bundle
    files: ['.config/*.js'],
    languageOptions: { globals: { process: 'readonly', console: 'readonly', __filename: 'readonly' } },
  },
  { files: ['src/shared/**'], rules: forbid('client', 'server', 'sw', 'browser') },
  { files: ['src/browser/**'], rules: forbid('client', 'server', 'sw') },
  { files: ['src/server/**'], rules: forbid('client', 'sw', 'browser') },
  {
    files: ['src/server/**/*.ts'],
    rules: { 'import-x/no-restricted-paths': ['error', { zones: serverZones }] },
  },
  { files: ['src/client/**'], rules: forbid('server', 'sw') },
  {
    // No top-level `await` in the browser's modules (Entscheidung CLI-1): lazy chunks import
    // the entry chunk and the shared chunks back, and JavaScriptCore runs such a chunk while a module
    // it imports is still suspended in its top-level `await`, with that module's bindings unset (the
    // app's first screens opened on the error page in WebKit). src/client/main.tsx boots in a function.
    files: ['src/client/**/*.{ts,tsx}', 'src/browser/**/*.ts', 'src/shared/**/*.ts'],
    // The build's own scripts run in Node.
    ignores: ['src/client/build/**'],
    rules: {
      'no-restricted-syntax': [
        'error',
        ...['AwaitExpression', 'ForOfStatement[await=true]'].map((node) => ({
          selector: `${node}:not(:function ${node.split('[')[0]})`,
          message:
            'No top-level await in browser modules: WebKit runs lazy chunks that import this one before it has finished (.config/eslint.config.js).',
        })),
      ],
    },
  },
  { files: ['sw/**'], rules: forbid('client', 'server') },
  {
    files: ['src/client/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            ...features.map((name) => ({
              target: `./src/client/features/${name}`,
              from: './src/client/features',
              except: [`./${name}`],
              message: 'Features do not import each other; move shared code to components/ or shared/.',
            })),
            {
              target: './src/client/components',
              from: './src/client/features',
              message: 'Shared UI does not import features; compose them in routes/.',
            },
            {
              target: './src/client/api',
              from: './src/client/lib',
              message: 'The HTTP client does not import lib/; let lib/ register a handler with it.',
            },
          ],
        },
      ],
    },
  },
);
