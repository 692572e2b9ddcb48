// `npm test`: API tests on SQLite and on PostgreSQL, content checks, then the browser journeys.
// Ends with one line `N passed, N failed` and a non-zero exit code when anything failed. Above it:
// each pass's time, and the flaky tests by name (failed once, passed on the retry: counted as
// passed, but a finding, 2026-11-26). Vitest retries nothing (an API test that needs a second try
// fails the run); Playwright retries once under CI=1 and keeps the retry's trace.
import { spawnSync } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { startPostgres } from './postgres.ts';
import { preflight } from './preflight.ts';

// Before any suite: PostgreSQL and the browsers are there (installed now if missing and we may), or
// the run stops here with the command to run, not halfway through (tests/preflight.ts).
const unmet = preflight();
if (unmet) {
  console.error(unmet);
  process.exit(1);
}

const results = 'test-results';
mkdirSync(results, { recursive: true });
const totals = { passed: 0, failed: 0 };
const flaky: string[] = [];
const timings: string[] = [];
const started = Date.now();

// The run's temporary folders (data folders, mail spools, Chromium profiles, the PostgreSQL
// cluster) live in one folder of its own, removed at the end: a run left ~3,000 of them in /tmp
// (2026-11-27). Open to every user: the cluster runs as `postgres`.
const scratch = mkdtempSync(join(tmpdir(), 'kompass-run-'));
chmodSync(scratch, 0o1777);
process.env.TMPDIR = scratch;

const minutes = (ms: number) => {
  const seconds = Math.round(ms / 1000);
  return `${Math.floor(seconds / 60)} min ${seconds % 60} s`;
};

/** Creates an empty database next to `url`'s and answers its URL. */
async function freshDatabase(url: string, name: string) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(`CREATE DATABASE ${name}`);
  } finally {
    await client.end();
  }
  const fresh = new URL(url);
  fresh.pathname = `/${name}`;
  return fresh.toString();
}

function step(name: string, command: string[], env: NodeJS.ProcessEnv = {}) {
  console.log(`\n=== ${name} ===`);
  const from = Date.now();
  const result = spawnSync(command[0]!, command.slice(1), {
    stdio: 'inherit',
    env: { ...process.env, ...env },
  });
  timings.push(`${name}: ${minutes(Date.now() - from)}`);
  return result.status ?? 1;
}

function vitest(name: string, report: string, args: string[], env: NodeJS.ProcessEnv = {}) {
  const file = `${results}/${report}.json`;
  // A report left from an earlier run must not stand in for this one's.
  rmSync(file, { force: true });
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

// The first screens' script budgets measure the build, so they run after it (below).
const BUDGETS = 'tests/client/build/first-screen-budgets.test.ts';
vitest('Unit-, Inhalts- und API-Tests (SQLite)', 'vitest-sqlite', ['--exclude', BUDGETS]);

function playwright(name: string, report: string, args: string[], env: NodeJS.ProcessEnv = {}) {
  const file = `${results}/${report}.json`;
  rmSync(file, { force: true });
  // Each pass keeps its own traces and screenshots (one directory would keep the last pass's only).
  const output = ['--output', `${results}/artifacts-${report}`];
  const status = step(name, ['npx', 'playwright', 'test', '-c', 'tests/e2e', ...output, ...args], {
    E2E_REPORT: file,
    ...env,
  });
  if (!existsSync(file)) return void totals.failed++;
  const json = JSON.parse(readFileSync(file, 'utf8')) as PlaywrightReport;
  const { stats } = json;
  totals.passed += stats.expected + stats.flaky;
  totals.failed += stats.unexpected || (status !== 0 ? 1 : 0);
  for (const title of flakyTitles(json.suites)) flaky.push(`${name}: ${title}`);
}

type PlaywrightSuite = {
  title: string;
  suites?: PlaywrightSuite[];
  specs?: { title: string; file: string; line: number; tests: { projectName: string; status: string }[] }[];
};
type PlaywrightReport = {
  stats: { expected: number; unexpected: number; flaky: number };
  suites: PlaywrightSuite[];
};

/** The report's tests that failed first and passed on a retry (status 'flaky'), by file and title. */
function flakyTitles(suites: PlaywrightSuite[], describes: string[] = [], depth = 0): string[] {
  return suites.flatMap((suite) => {
    // The outermost suites are the files (named in `spec.file`); describe blocks add their titles.
    const here = depth === 0 ? describes : [...describes, suite.title];
    const own = (suite.specs ?? []).flatMap((spec) =>
      spec.tests
        .filter((t) => t.status === 'flaky')
        .map((t) => `${[`${spec.file}:${spec.line}`, ...here, spec.title].join(' › ')} [${t.projectName}]`),
    );
    return [...own, ...flakyTitles(suite.suites ?? [], here, depth + 1)];
  });
}

/**
 * The podcaster's journeys in Chromium, Firefox ESR and WebKitGTK (tests/engines/, vitest): one
 * retry under CI=1 as Playwright's, its flaky journeys named by tests/engines/flaky-reporter.ts.
 */
function engines(name: string, report: string) {
  const flakyFile = `${results}/${report}-flaky.json`;
  rmSync(flakyFile, { force: true });
  vitest(
    name,
    report,
    ['-c', 'tests/engines/vitest.config.ts', '--reporter=./tests/engines/flaky-reporter.ts'],
    {
      ENGINES_FLAKY: flakyFile,
    },
  );
  if (!existsSync(flakyFile)) return;
  for (const title of JSON.parse(readFileSync(flakyFile, 'utf8')) as string[])
    flaky.push(`${name}: ${title}`);
}

const external = process.env.TEST_DATABASE_URL;
const postgres = external ? undefined : startPostgres();
try {
  const databaseUrl = external ?? postgres!.url;
  vitest(
    'API-Tests (PostgreSQL)',
    'vitest-postgres',
    // Every suite under tests/server builds the app (new ones join by themselves) except the
    // content checks, which read files and never touch a database.
    ['tests/server', '--exclude', 'tests/server/content/**'],
    { TEST_DATABASE_URL: databaseUrl },
  );

  if (step('Build', ['npm', 'run', 'build']) !== 0) totals.failed++;
  else {
    vitest('Skript-Budgets der ersten Bildschirme (Build)', 'vitest-budgets', [BUDGETS]);
    // The journeys that move the server's clock run after the others, in a run (and on a server)
    // of their own, so a failure elsewhere does not skip them as a project dependency would.
    playwright('E2E (Playwright, Chromium, SQLite)', 'e2e', ['--project=desktop']);
    playwright('E2E (Playwright, Chromium, SQLite, moved clock)', 'e2e-clock', [
      '--no-deps',
      '--project=clock',
    ]);
    // The podcaster's journeys in the three engines Debian ships (tests/README.md, "Three engines").
    engines('Journeys in Chromium, Firefox ESR and WebKitGTK (SQLite)', 'engines');
    // The journeys whose behaviour depends on the database, once more against a server on
    // PostgreSQL, in a database of their own. Every API suite already runs on PostgreSQL (above);
    // a journey runs here again only when what the screen shows comes from SQL that differs
    // between the two databases (Entscheidung TST-6):
    // - podcast-edit: metric values and dates through history, chart and table (numeric and
    //   timestamp columns come back as other types from pg than from SQLite);
    // - podcast-team, invitation: the conditional conversion of an invitation in a transaction,
    //   membership states, expiry dates;
    // - methods-*: the ranking of recommendations, filters and sort order are SQL (collation, LIKE);
    // - admin: case-insensitive search, the audit log's JSON details, plan dates;
    // - experiments (moved clock, below): date arithmetic against the server's clock.
    // Not again: onboarding (the wizard's inserts and the feed import, which parses in Node),
    // public-pages (static pages, a newsletter and a feedback insert) and push (the service
    // worker and the push service; storing subscriptions is tests/server/push on PostgreSQL).
    // The dashboard, phone-layout and assistances specs seed straight into the SQLite file.
    const e2eUrl = await freshDatabase(databaseUrl, `e2e_${process.pid}`);
    // Filtered runs skip the project dependencies (they would bring in every journey).
    const onPostgres = { E2E_DATABASE_URL: e2eUrl };
    playwright(
      'E2E (Playwright, Chromium, PostgreSQL)',
      'e2e-postgres',
      [
        '--no-deps',
        '--project=desktop',
        'podcast-edit',
        'podcast-team',
        'invitation',
        'methods-',
        'admin.spec',
      ],
      onPostgres,
    );
    playwright(
      'E2E (Playwright, Chromium, PostgreSQL, moved clock)',
      'e2e-postgres-clock',
      ['--no-deps', '--project=clock', 'experiments.spec'],
      onPostgres,
    );
  }
} finally {
  postgres?.stop();
}

rmSync(scratch, { recursive: true, force: true });
console.log(`\nTime per pass:\n${timings.map((t) => `  ${t}`).join('\n')}`);
console.log(`  in all: ${minutes(Date.now() - started)}`);
if (flaky.length > 0) {
  console.log(`\n${flaky.length} flaky (failed, then passed on the retry; counted as passed):`);
  for (const title of flaky) console.log(`  FLAKY ${title}`);
}
console.log(`\n${totals.passed} passed, ${totals.failed} failed`);
process.exit(totals.failed > 0 ? 1 : 0);
