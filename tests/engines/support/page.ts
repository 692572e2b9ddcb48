// One small page interface for the journeys, whichever engine runs them: each driver
// (chromium.ts, firefox.ts, webkit.ts) supplies a few primitives (`Driver`), `journeyPage` builds
// the rest on them with the same in-page helpers (in-page.ts) in every engine.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { buildSync } from 'esbuild';
import { vi } from 'vitest';
import type { Name } from './in-page.ts';

export type Engine = 'chromium' | 'firefox' | 'webkit';

/** What a driver must do; the element handles stay opaque to the journeys. */
export type Driver = {
  /** A full load of `url`, back when the page's `load` has fired. */
  goto(url: string): Promise<void>;
  /** Runs `body` (a function body; `arguments` are `args`) in the page; its returned promise is awaited. */
  run<T>(body: string, args: unknown[]): Promise<T>;
  /** Like `run`, for a body that returns an element: clicks it as a user's tap would. */
  click(body: string, args: unknown[]): Promise<void>;
  /** Like `click`; types `value` into the (empty) field as a user would. */
  type(body: string, args: unknown[], value: string): Promise<void>;
  screenshot(): Promise<Buffer>;
  /** Closes the page and opens a new one in the same profile (its storage and service worker). */
  reopen(): Promise<void>;
  close(): Promise<void>;
};

/**
 * The in-page helpers as one script: installs `window.__journey` once per document. Chromium and
 * Firefox run it before the page's own scripts (so it sees the errors of the start too); WebKit's
 * classic WebDriver has no such hook, so there it is installed with the first call after a load,
 * and an error before that shows as the error panel every check looks for.
 */
export const PAGE_SCRIPT = (() => {
  const { outputFiles } = buildSync({
    entryPoints: [join(import.meta.dirname, 'in-page.ts')],
    bundle: true,
    format: 'iife',
    globalName: '__journeyModule',
    target: 'es2020',
    minify: true,
    write: false,
  });
  return `if (!window.__journey) { ${outputFiles[0]!.text}; window.__journey = __journeyModule.journey; }`;
})();

export type Role =
  'button' | 'link' | 'checkbox' | 'heading' | 'tab' | 'menuitem' | 'region' | 'textbox' | 'status';
export type Within = { role: Role; name: string | RegExp };

const wire = (name: string | RegExp): Name =>
  typeof name === 'string' ? name : { source: name.source, flags: name.flags };

/** How long a journey waits for what the user should see (a phone on a busy 2-core machine). */
export const PATIENCE = 20_000;

export function journeyPage(engine: Engine, baseURL: string, driver: Driver) {
  const call = <T>(expression: string, args: unknown[] = []) =>
    driver.run<T>(`${PAGE_SCRIPT}; return ${expression};`, args);
  const find = (role: Role, name: string | RegExp, within?: Within, nth = 0) => ({
    body: `${PAGE_SCRIPT}; return window.__journey.byRole(arguments[0], arguments[1], arguments[2])[arguments[3]];`,
    args: [role, wire(name), within && { role: within.role, name: wire(within.name) }, nth],
  });
  /** Retries `check` until it passes (what the user sees, never a fixed time). */
  const until = <T>(check: () => Promise<T>, timeout = PATIENCE) =>
    vi.waitFor(check, { timeout, interval: 100 });

  const page = {
    engine,
    baseURL,
    /** A full load of the app's `path`. */
    goto: (path: string) => driver.goto(new URL(path, baseURL).href),
    path: () => call<string>('location.pathname'),
    /** The page's visible text (spaces collapsed). */
    text: () => call<string>('window.__journey.text()'),
    /** Waits until the page shows `text` (a part of its visible text, or a pattern). */
    async see(text: string | RegExp, timeout?: number) {
      await until(async () => {
        const shown = await page.text();
        const found = typeof text === 'string' ? shown.includes(text) : text.test(shown);
        if (!found)
          throw new Error(`${engine}: „${text}“ not on ${await page.path()}: ${shown.slice(0, 400)}`);
      }, timeout);
    },
    /** How many visible elements of `role` are named `name`. */
    count: (role: Role, name: string | RegExp, within?: Within) =>
      call<number>('window.__journey.byRole(arguments[0], arguments[1], arguments[2]).length', [
        role,
        wire(name),
        within && { role: within.role, name: wire(within.name) },
      ]),
    /** Waits until an element of `role` named `name` (the `nth` + 1 of them) is shown. */
    async seeRole(role: Role, name: string | RegExp, within?: Within, nth = 0) {
      await until(async () => {
        if ((await page.count(role, name, within)) <= nth) {
          throw new Error(
            `${engine}: no ${role} „${name}“ on ${await page.path()}: ${(await page.text()).slice(0, 400)}`,
          );
        }
      });
    },
    /** Taps the element of `role` named `name` (the `nth` of them, from 0) once it is shown. */
    async click(role: Role, name: string | RegExp, within?: Within, nth = 0) {
      const { body, args } = find(role, name, within, nth);
      // Found, then rendered anew before the tap (a stale element), or still covered: found and
      // tapped again, but only after an error that says no tap happened (a tap is never doubled).
      const deadline = Date.now() + PATIENCE;
      for (;;) {
        await page.seeRole(role, name, within, nth);
        try {
          return await driver.click(body, args);
        } catch (error) {
          const said = `${(error as Error).name} ${(error as Error).message}`;
          if (
            !/Stale|Intercepted|NotInteractable|detached|not attached|no such element/i.test(said) ||
            Date.now() > deadline
          ) {
            throw error;
          }
          await new Promise((resolve) => setTimeout(resolve, 100));
        }
      }
    },
    /** Types `value` into the empty field labelled `label`. */
    async fill(label: string | RegExp, value: string) {
      const body = `${PAGE_SCRIPT}; return window.__journey.field(arguments[0]);`;
      await until(async () => {
        if (
          !(await driver.run<boolean>(`${PAGE_SCRIPT}; return !!window.__journey.field(arguments[0]);`, [
            wire(label),
          ]))
        ) {
          throw new Error(`${engine}: no field „${label}“ on ${await page.path()}`);
        }
      });
      await driver.type(body, [wire(label)], value);
    },
    /** Runs `body` (a function body, `arguments` = `args`) in the page. */
    evaluate: <T>(body: string, ...args: unknown[]) => driver.run<T>(body, args),
    /** The errors the app's own code reported since the document loaded (console.error, error, unhandledrejection). */
    errors: () => call<string[]>('window.__journey.errors.slice()'),
    until,
    /** A screenshot into test-results/artifacts-engines/ (kept for a failed journey). */
    async screenshot(name: string) {
      const dir = join(import.meta.dirname, '../../../test-results/artifacts-engines');
      mkdirSync(dir, { recursive: true });
      writeFileSync(join(dir, `${engine}-${name.replace(/[^\w-]+/g, '-')}.png`), await driver.screenshot());
    },
    reopen: () => driver.reopen(),
    close: () => driver.close(),
  };
  return page;
}

export type JourneyPage = ReturnType<typeof journeyPage>;
