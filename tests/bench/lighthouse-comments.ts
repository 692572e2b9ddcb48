// The experiment screen with a long discussion against the same screen with a short one:
// Lighthouse mobile (cold cache, logged in by a session cookie) on an experiment with 10 comments
// and one with 50,000, interleaved runs, medians and the difference. The goal: the long one
// within 0.05 of the short one, since the screen shows the newest page and loads older ones on
// 'Ältere anzeigen' (src/client/lib/older-pages.ts).
// Run after `npm run build`: npx tsx tests/bench/lighthouse-comments.ts [--runs=N] [--comments=N]
// The comments are written straight into the bench server's SQLite file (one transaction), not
// through the API. Everything listens on 127.0.0.1; Chromium is /usr/bin/chromium (or CHROME_PATH).
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import SQLite from 'better-sqlite3';
import { chromiumPath, lighthouseFlags } from '../support/chromium.ts';
import { startBuiltApp } from '../support/loopback-server.ts';
import { createAppSession, type AppSession } from './app-session.ts';

const root = join(import.meta.dirname, '../..');
const arg = (name: string, fallback: number) =>
  Number(process.argv.find((a) => a.startsWith(`--${name}=`))?.split('=')[1] ?? fallback);
const runs = arg('runs', 3);
const longCount = arg('comments', 50_000);
const shortCount = 10;

if (!existsSync(join(root, 'dist/server/main.js'))) {
  console.error('Run `npm run build` first.');
  process.exit(1);
}

const temp = mkdtempSync(join(tmpdir(), 'kompass-lh-comments-'));
const dataDir = join(temp, 'data');

/** `count` comments by the experiment's author, a minute apart, the newest a minute ago. */
function seedComments(experimentId: number, count: number) {
  const db = new SQLite(join(dataDir, 'studio.sqlite'));
  try {
    db.pragma('busy_timeout = 5000');
    const { user_id } = db.prepare('SELECT user_id FROM experiments WHERE id = ?').get(experimentId) as {
      user_id: number;
    };
    const insert = db.prepare(
      'INSERT INTO comments (experiment_id, user_id, content, created_at) VALUES (?, ?, ?, ?)',
    );
    const now = Date.now();
    db.transaction(() => {
      for (let n = 1; n <= count; n++) {
        const at = new Date(now - (count - n + 1) * 60_000).toISOString();
        insert.run(
          experimentId,
          user_id,
          `Kommentar ${n}: Die Kapitelmarken sitzen, die Shownotes auch.`,
          at,
        );
      }
    })();
  } finally {
    db.close();
  }
}

type Result = { performance: number; lcp: number; tbt: number; load: number };

function lighthouseOnce(url: string, cookie: string): Promise<Result> {
  const output = join(temp, `lh-${Date.now()}.json`);
  const args = [
    url,
    '--only-categories=performance',
    '--output=json',
    `--output-path=${output}`,
    '--quiet',
    '--no-enable-error-reporting',
    `--chrome-flags=${lighthouseFlags().join(' ')}`,
    `--extra-headers=${JSON.stringify({ Cookie: cookie })}`,
  ];
  return new Promise((resolve, reject) => {
    const child = spawn(join(root, 'node_modules/.bin/lighthouse'), args, {
      env: { ...process.env, CHROME_PATH: chromiumPath },
      stdio: 'inherit',
    });
    child.once('exit', (code) => {
      if (code !== 0) return reject(new Error(`lighthouse exited with ${code} for ${url}`));
      const report = JSON.parse(readFileSync(output, 'utf8')) as {
        categories: { performance: { score: number } };
        audits: Record<string, { numericValue?: number }>;
      };
      resolve({
        performance: report.categories.performance.score,
        lcp: report.audits['largest-contentful-paint']!.numericValue!,
        tbt: report.audits['total-blocking-time']!.numericValue!,
        load: loadavg()[0]!,
      });
    });
  });
}

/** Lighthouse sometimes loses the trace on this machine (NO_NAVSTART): one retry. */
const lighthouse = (url: string, cookie: string) =>
  lighthouseOnce(url, cookie).catch((error: Error) => {
    console.error(`${error.message}; trying once more`);
    return lighthouseOnce(url, cookie);
  });

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
const describe = (all: Result[]) =>
  `performance ${median(all.map((r) => r.performance)).toFixed(2)} ` +
  `(runs ${all.map((r) => r.performance.toFixed(2)).join(', ')}), ` +
  `LCP ${Math.round(median(all.map((r) => r.lcp)))} ms, TBT ${Math.round(median(all.map((r) => r.tbt)))} ms`;

const app = await startBuiltApp(root, dataDir);
try {
  // Two users, each with a podcast and an experiment: one gets the short discussion, one the long.
  const short: AppSession = await createAppSession(app.base, join(dataDir, 'mail'));
  const long: AppSession = await createAppSession(app.base, join(dataDir, 'mail'));
  seedComments(short.experimentId, shortCount);
  const seeded = Date.now();
  seedComments(long.experimentId, longCount);
  const first = (await (
    await fetch(`${app.base}/api/experiments/${long.experimentId}/comments`, {
      headers: { Cookie: long.cookie, Accept: 'application/json' },
    })
  ).json()) as { data: unknown[]; meta?: { before: number | null } };
  console.log(
    `seeded ${longCount} comments in ${Date.now() - seeded} ms; the screen's first page holds ` +
      `${first.data.length}, older ones ${first.meta?.before ? 'on demand' : 'none'}`,
  );
  const screens = [
    { name: `${shortCount} comments`, session: short, results: [] as Result[] },
    { name: `${longCount} comments`, session: long, results: [] as Result[] },
  ];
  for (let run = 0; run < runs; run++) {
    for (const screen of screens) {
      const url = `${app.base}/app/experiments/${screen.session.experimentId}`;
      screen.results.push(await lighthouse(url, screen.session.cookie));
    }
  }
  console.log(`Lighthouse mobile, experiment screen, cold cache, ${runs} interleaved runs each (median)`);
  for (const screen of screens) console.log(`  ${screen.name.padEnd(16)} ${describe(screen.results)}`);
  const [a, b] = screens.map((s) => median(s.results.map((r) => r.performance))) as [number, number];
  const loads = screens.flatMap((s) => s.results.map((r) => r.load));
  console.log(
    `  difference ${(a - b).toFixed(2)} (goal ≤ 0.05: ${a - b <= 0.05 ? 'ok' : 'MISSED'}); ` +
      `load average ${Math.min(...loads).toFixed(1)}–${Math.max(...loads).toFixed(1)}`,
  );
} finally {
  app.stop();
  rmSync(temp, { recursive: true, force: true });
}
