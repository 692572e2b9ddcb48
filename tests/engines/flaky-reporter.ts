// Names the engine journeys that failed once and passed on the retry (CI=1 retries once), as
// `npm test` names the Playwright journeys' flaky ones: counted as passed, but a finding.
// Writes them, one `file › describe › test` per entry, to the JSON file ENGINES_FLAKY names.
import { writeFileSync } from 'node:fs';
import type { Reporter, TestCase } from 'vitest/node';

export default class FlakyReporter implements Reporter {
  private flaky: string[] = [];

  onTestCaseResult(testCase: TestCase) {
    if (testCase.diagnostic()?.flaky) {
      this.flaky.push(`${testCase.module.moduleId.split('/tests/').at(-1)} › ${testCase.fullName}`);
    }
  }

  onTestRunEnd() {
    const file = process.env.ENGINES_FLAKY;
    if (file) writeFileSync(file, JSON.stringify(this.flaky));
  }
}
