// Time a journey's limit grows by for work whose length is its own and grows with the machine's
// load: an axe scan, the service worker's install (it precaches the whole app), saving every
// method offline. The 60 s of playwright.config.ts fit a journey's clicks; a journey that does
// such work more than once would otherwise need a limit guessed for its worst case (Entscheidung
// TST-11).
import { test } from '@playwright/test';

/** Adds `ms` to the running test's limit (none without a limit, e.g. under --timeout=0). */
export function allowFor(ms: number) {
  const { timeout } = test.info();
  if (timeout > 0) test.info().setTimeout(timeout + ms);
}
