// zod compiles object parsers with `new Function` unless told not to, and probes for it once:
// our CSP (script-src 'self') blocks that and Chromium reports a violation. Imported first by
// main.tsx, so the setting holds before any schema is built. Only zod's tiny core config module
// comes along; zod itself loads with the forms.
import { config } from 'zod/v4/core';

config({ jitless: true });
