// `npm run build`'s server part: esbuild bundles the server with its JavaScript dependencies (only
// native modules stay external) into dist/server:
//   server.cjs  the server (src/server/main.ts), CommonJS so that boot can cache its compiled code
//   main.js     the entry, src/server/boot.ts (see the note there)
//   cli.js      the admin commands (src/server/cli.ts)
// Then it starts the built server once on an empty data folder (loopback, port chosen by the
// system) so that boot writes the code cache: the first start after a build is then as quick as a
// restart. Best effort: without the cache the server starts anyway, only slower.
import { spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { build } from 'esbuild';

const outdir = 'dist/server';
rmSync(outdir, { recursive: true, force: true }); // no code cache may outlive its bundle
const common = {
  bundle: true,
  platform: 'node',
  target: 'node20',
  external: ['better-sqlite3', 'sharp', '@node-rs/argon2', 'pg-native'],
  logLevel: 'warning',
};
// The ES module bundles' CommonJS parts (dependencies) need a `require`.
const esmRequire = {
  js: "import { createRequire as __bundleRequire } from 'node:module'; const require = __bundleRequire(import.meta.url);",
};

await Promise.all([
  build({
    ...common,
    entryPoints: ['src/server/main.ts'],
    format: 'cjs',
    outfile: `${outdir}/server.cjs`,
    inject: ['.config/import-meta-cjs.js'],
    // The bundle `npm start` runs is production: dependencies take their production paths, and a
    // withTx is watched only inside a keyed request (src/server/db/transaction-scope.ts).
    define: {
      'import.meta.url': 'importMetaUrl',
      'import.meta.dirname': '__dirname',
      'process.env.NODE_ENV': '"production"',
    },
    // import() of the external native modules becomes require(): Node 20 loses a script's
    // dynamic-import callback when it comes from a code cache (ERR_VM_DYNAMIC_IMPORT_CALLBACK_MISSING)
    supported: { 'dynamic-import': false },
  }),
  build({ ...common, entryPoints: ['src/server/boot.ts'], format: 'esm', outfile: `${outdir}/main.js` }),
  build({
    ...common,
    entryPoints: ['src/server/cli.ts'],
    format: 'esm',
    outfile: `${outdir}/cli.js`,
    banner: esmRequire,
  }),
]);

const dataDir = mkdtempSync(join(tmpdir(), 'kompass-build-'));
const server = spawn(process.execPath, [`${outdir}/main.js`], {
  env: { PATH: process.env.PATH, DATA_DIR: dataDir, PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'warn' },
  stdio: ['ignore', 'ignore', 'inherit'],
});
try {
  const cached = () => readdirSync(outdir).some((name) => name.endsWith('.v8-cache'));
  for (let waited = 0; !cached() && server.exitCode === null && waited < 30_000; waited += 50)
    await sleep(50);
  if (!cached()) console.warn('build-server: no code cache written; the first start compiles the server');
} finally {
  server.kill('SIGTERM');
  await new Promise((done) => (server.exitCode !== null ? done() : server.once('exit', done)));
  rmSync(dataDir, { recursive: true, force: true });
}
