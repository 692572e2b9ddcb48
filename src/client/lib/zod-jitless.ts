// zod compiles object parsers with `new Function`, probing for it when it builds its first
// object schema; our CSP forbids eval, and the blocked probe is reported as a violation. Jitless
// parsing skips the probe. This must run before any schema is built, so main.tsx imports it
// first. It writes the global object zod keeps its config in (what `z.config()` writes too)
// instead of importing zod: `zod/v4/core`'s `config` alone would put 4 KB gzipped of zod on the
// first paint. tests/client/lib/zod-jitless.test.ts checks that zod still reads it there.
declare global {
  var __zod_globalConfig: { jitless?: boolean } | undefined;
}

(globalThis.__zod_globalConfig ??= {}).jitless = true;

export {};
