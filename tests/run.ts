// `npm test`: API tests on SQLite and on PostgreSQL, content checks, then the browser journeys.
// Ends with one line `N passed, N failed` and a non-zero exit code when anything failed.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import { startPostgres } from './postgres.ts';

const results = 'test-results';
mkdirSync(results, { recursive: true });
const totals = { passed: 0, failed: 0 };

function step(name: string, command: string[], env: NodeJS.ProcessEnv = {}) {
  console.log(`\n=== ${name} ===`);
  const result = spawnSync(command[0]!, command.slice(1), {
    stdio: 'inherit',
    env: { ...process.env, ...env },
  });
  return result.status ?? 1;
}

function vitest(name: string, report: string, args: string[], env: NodeJS.ProcessEnv = {}) {
  const file = `${results}/${report}.json`;
  const status = step(
    name,
    ['npx', 'vitest', 'run', ...args, '--reporter=default', '--reporter=json', `--outputFile.json=${file}`],
    env,
  );
  if (!existsSync(file)) return void totals.failed++;
  const json = JSON.parse(readFileSync(file, 'utf8')) as {
    numPassedTests: number;
    numFailedTests: number;
    numTotalTests: number;
  };
  totals.passed += json.numPassedTests;
  // A suite that crashed before reporting counts as one failure.
  totals.failed += json.numFailedTests || (status !== 0 ? 1 : 0);
}

vitest('Unit-, Inhalts- und API-Tests (SQLite)', 'vitest-sqlite', []);

const external = process.env.TEST_DATABASE_URL;
const postgres = external ? undefined : startPostgres();
try {
  vitest(
    'API-Tests (PostgreSQL)',
    'vitest-postgres',
    // Every suite under tests/server builds the app (new ones join by themselves) except the
    // content checks, which read files and never touch a database.
    ['tests/server', '--exclude', 'tests/server/content/**'],
    {
      TEST_DATABASE_URL: external ?? postgres!.url,
    },
  );
} finally {
  postgres?.stop();
}

if (step('Build', ['npm', 'run', 'build']) !== 0) totals.failed++;
else {
  const file = `${results}/e2e.json`;
  const status = step('E2E (Playwright, Chromium)', ['npx', 'playwright', 'test', '-c', 'tests/e2e']);
  if (existsSync(file)) {
    const { stats } = JSON.parse(readFileSync(file, 'utf8')) as {
      stats: { expected: number; unexpected: number; flaky: number };
    };
    totals.passed += stats.expected + stats.flaky;
    totals.failed += stats.unexpected || (status !== 0 ? 1 : 0);
  } else totals.failed++;
}

console.log(`\n${totals.passed} passed, ${totals.failed} failed`);
process.exit(totals.failed > 0 ? 1 : 0);
