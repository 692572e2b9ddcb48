// Lint rules that keep the architecture honest (STYLE.md): client, server and sw import only
// shared; shared imports neither; features don't import each other; no import cycles.
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
  { files: ['src/client/**'], rules: forbid('server', 'sw') },
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
