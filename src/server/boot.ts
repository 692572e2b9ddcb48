// The built server's entry (`node dist/server/main.js`): runs the server bundle (server.cjs, built
// from main.ts) with a V8 code cache, so a restart deserialises the compiled functions instead of
// parsing and compiling 5 MB of JavaScript again.
//
// Entscheidung SRV-4: Node 22's module.enableCompileCache() does this for ES modules;
// Node 20 (pinned) can only cache a classic script, so the server is bundled as CommonJS and run
// through vm.Script with `cachedData`, the technique of v8-compile-cache (which hooks require()
// and writes at exit; one script needs neither). Measured: a restart to the first answer 350 → 270
// ms. The cache is written right after the first start listens, next to the bundle and named by
// the bundle's size and mtime: V8 checks only the source's length, so a rebuilt bundle must never
// meet an older cache (the build also empties dist/server). V8 rejects a cache of another Node
// version or other flags; then this start compiles and writes a new one. Where dist/ is read-only
// every start compiles, as before.
import { readFileSync, readdirSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import vm from 'node:vm';

const dir = import.meta.dirname;
const bundle = join(dir, 'server.cjs');
const { size, mtimeMs } = statSync(bundle);
const cacheName = `server.${size}-${Math.trunc(mtimeMs)}.v8-cache`;
const cachedData = readIfThere(join(dir, cacheName));

const script = new vm.Script(
  `(function (exports, require, module, __filename, __dirname) {${readFileSync(bundle, 'utf8')}\n})`,
  { filename: bundle, cachedData },
);
const module = { exports: {} as { listening?: Promise<void> } };
script.runInThisContext()(module.exports, createRequire(bundle), module, bundle, dir);

if (!cachedData || script.cachedDataRejected) {
  // After listening: the cache then also holds what the start compiled lazily (routes, migrations).
  void module.exports.listening?.then(() => setImmediate(writeCache));
}

function readIfThere(file: string): Buffer | undefined {
  try {
    return readFileSync(file);
  } catch {
    return undefined;
  }
}

function writeCache() {
  try {
    const staged = join(dir, `${cacheName}.${process.pid}`);
    writeFileSync(staged, script.createCachedData());
    renameSync(staged, join(dir, cacheName)); // whole or not at all, when several processes start
    for (const name of readdirSync(dir)) {
      if (name.endsWith('.v8-cache') && name !== cacheName) rmSync(join(dir, name), { force: true });
    }
  } catch {
    // a read-only install: every start compiles
  }
}
