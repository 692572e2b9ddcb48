// What a journey writes carries the mark of its run and attempt, so a retry (CI=1 retries once)
// starts from data of its own and never meets the first try's: a second edit, entry or code with
// the same text would make a locator match two rows, or a count come out wrong. Decision
// 2026-11-26: every name, address and text a journey creates goes through `unique()`; assertions
// look for this attempt's rows, never at the size of a list other journeys also write to.
import { test } from '@playwright/test';

let serial = 0;

/** `run-attempt-serial`, e.g. `mhx2k1-r1-3`: differs between runs, attempts and calls. */
export function attemptMark(): string {
  // global-setup.ts sets the run's id before the workers start; a worker's pid parts it further.
  const run = process.env.E2E_RUN_ID ?? Date.now().toString(36);
  return `${run}${process.pid.toString(36)}-r${test.info().retry}-${++serial}`;
}

/** `text` with this attempt's mark appended ("Teamarbeit mhx2k1…-r0-1"). */
export function unique(text: string): string {
  return `${text} ${attemptMark()}`;
}
