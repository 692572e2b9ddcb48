// The podcaster's journeys in Chromium, Firefox ESR and WebKitGTK (tests/README.md, "Three
// engines"): `npx vitest run -c tests/engines/vitest.config.ts` after `npm run build`. One file at a time, its
// engines one after another: the journeys stop and start the one app server, and three browsers
// at once would take the 2-core machine's CPU from the page under test.
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['tests/engines/**/*.journey.ts'],
    root: `${import.meta.dirname}/../..`,
    fileParallelism: false,
    // As the Playwright journeys: one retry under CI, reported as flaky by name (tests/run.ts).
    retry: process.env.CI ? 1 : 0,
    testTimeout: 240_000,
    hookTimeout: 120_000,
  },
});
