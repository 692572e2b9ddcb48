// zod compiles object parsers with `new Function`, probing for it when it builds its first
// object schema; our CSP forbids eval, and the blocked probe is reported as a violation. Jitless
// parsing skips the probe. This must run before any schema is built, so main.tsx imports it
// first; it takes only zod's config object, keeping zod itself off the first paint.
import { config } from 'zod/v4/core';

config({ jitless: true });
