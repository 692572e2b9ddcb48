// Lint rules that keep the architecture honest (STYLE.md): client, server and sw import only
// shared; shared imports neither; features don't import each other; no import cycles.
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
  { files: ['src/shared/**'], rules: forbid('client', 'server', 'sw') },
  { files: ['src/server/**'], rules: forbid('client', 'sw') },
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
          zones: features.map((name) => ({
            target: `./src/client/features/${name}`,
            from: './src/client/features',
            except: [`./${name}`],
            message: 'Features do not import each other; move shared code to components/ or shared/.',
          })),
        },
      ],
    },
  },
);
