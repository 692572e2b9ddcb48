// One Lighthouse mobile run of a page for the Lighthouse bench (lighthouse.ts): its scores and
// paint times, the machine's speed and load, and the landing's best-practices audits below 1.
import { spawn } from 'node:child_process';
import { copyFileSync, readFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { join } from 'node:path';
import { chromiumPath, lighthouseFlags } from '../support/chromium.ts';

const root = join(import.meta.dirname, '../..');
const chromeFlags = lighthouseFlags();

export type LighthouseResult = {
  performance: number;
  bestPractices: number;
  fcp: number;
  lcp: number;
  tbt: number;
  /** Lighthouse's own measure of the machine's speed at the run (higher is faster). */
  benchmarkIndex: number;
  /** The machine's 1-minute load average when the run ended. */
  load: number;
};
type Report = {
  environment: { benchmarkIndex: number };
  categories: Record<string, { score: number }>;
  audits: Record<string, { numericValue?: number; score: number | null; title: string }>;
};

const bestPracticeIds = new Set([
  'errors-in-console',
  'csp-xss',
  'inspector-issues',
  'deprecations',
  'is-on-https',
  'valid-source-maps',
  'image-aspect-ratio',
  'image-size-responsive',
  'doctype',
  'charset',
  'third-party-cookies',
]);

/** Runs write their reports into `temp`; `keepReports` keeps each with its trace. */
export function lighthouseRunner(temp: string, keepReports: string | undefined) {
  const failedBestPractices = new Set<string>();

  /** One Lighthouse run; Lighthouse sometimes loses the trace on this machine (NO_NAVSTART): one retry. */
  async function lighthouse(url: string, isLanding: boolean, cookie?: string): Promise<LighthouseResult> {
    try {
      return await lighthouseOnce(url, isLanding, cookie);
    } catch (error) {
      console.error(`${(error as Error).message}; trying once more`);
      return lighthouseOnce(url, isLanding, cookie);
    }
  }

  function lighthouseOnce(url: string, isLanding: boolean, cookie?: string): Promise<LighthouseResult> {
    const output = join(temp, `lh-${Date.now()}.json`);
    const bin = join(root, 'node_modules/.bin/lighthouse');
    const args = [
      url,
      '--only-categories=performance,best-practices',
      '--output=json',
      `--output-path=${output}`,
      '--quiet',
      ...(keepReports ? ['--save-assets'] : []),
      '--no-enable-error-reporting',
      `--chrome-flags=${chromeFlags.join(' ')}`,
      // The session as a header: Lighthouse resets storage (cold cache), the cookie stays.
      ...(cookie ? [`--extra-headers=${JSON.stringify({ Cookie: cookie })}`] : []),
    ];
    return new Promise((resolve, reject) => {
      const child = spawn(bin, args, {
        env: { ...process.env, CHROME_PATH: chromiumPath },
        stdio: 'inherit',
      });
      child.once('exit', (code) => {
        if (code !== 0) return reject(new Error(`lighthouse exited with ${code} for ${url}`));
        const report = JSON.parse(readFileSync(output, 'utf8')) as Report;
        if (keepReports) {
          const name = new URL(url).pathname.replace(/\W+/g, '-') || 'root';
          const kept = join(keepReports, `${new URL(url).port}${name}-${Date.now()}`);
          copyFileSync(output, `${kept}.json`);
          copyFileSync(output.replace(/\.json$/, '-0.trace.json'), `${kept}.trace.json`);
        }
        for (const [id, audit] of Object.entries(report.audits)) {
          if (isLanding && audit.score !== null && audit.score < 1 && bestPracticeIds.has(id))
            failedBestPractices.add(`${id}: ${audit.title}`);
        }
        resolve({
          performance: report.categories.performance!.score,
          bestPractices: report.categories['best-practices']!.score,
          fcp: report.audits['first-contentful-paint']!.numericValue!,
          lcp: report.audits['largest-contentful-paint']!.numericValue!,
          tbt: report.audits['total-blocking-time']!.numericValue!,
          benchmarkIndex: report.environment.benchmarkIndex,
          load: loadavg()[0]!,
        });
      });
    });
  }

  return { lighthouse, failedBestPractices };
}
