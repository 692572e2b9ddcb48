// E2E journeys against the built app on the system Chromium: `npx playwright test -c tests/e2e`.
import { join } from 'node:path';
import { defineConfig, devices } from '@playwright/test';
import { chromiumPath, playwrightArgs } from '../support/chromium.ts';

const root = join(import.meta.dirname, '../..');
const chrome = { ...devices['Desktop Chrome'], channel: undefined };
const CLOCK_SPECS = [
  'billing.spec.ts',
  'experiments.spec.ts',
  'experiment-effect.spec.ts',
  'audience-effect.spec.ts',
];

export default defineConfig({
  testDir: '.',
  testMatch: '*.spec.ts',
  globalSetup: './global-setup.ts',
  outputDir: join(root, 'test-results/e2e-artifacts'),
  timeout: 60_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  workers: 2,
  retries: process.env.CI ? 1 : 0,
  reporter: [
    ['list'],
    ['json', { outputFile: join(root, process.env.E2E_REPORT ?? 'test-results/e2e.json') }],
  ],
  use: {
    // Set by global-setup.ts before the workers start.
    baseURL: process.env.E2E_BASE_URL,
    locale: 'de-DE',
    timezoneId: 'Europe/Berlin',
    // A failed try and its retry keep their traces (a flaky test's first failure is a finding too).
    trace: 'retain-on-failure-and-retries',
    screenshot: 'only-on-failure',
    launchOptions: { executablePath: chromiumPath, args: playwrightArgs },
  },
  projects: [
    { name: 'desktop', testIgnore: CLOCK_SPECS, use: chrome },
    // These journeys move the one server's clock (POST /api/test/clock) and put it back: they run
    // after all others, one at a time, so no other journey sees a moved clock.
    { name: 'clock', testMatch: CLOCK_SPECS, dependencies: ['desktop'], workers: 1, use: chrome },
  ],
});
