// Firefox ESR (Debian's firefox-esr) through puppeteer-core over WebDriver BiDi: no geckodriver
// (Debian has none), headless, on a 390 × 844 viewport.
import puppeteer, { type ElementHandle, type Page } from 'puppeteer-core';
import { expression } from './script.ts';
import { PAGE_SCRIPT, type Driver } from './page.ts';

export const firefoxPath = process.env.FIREFOX_PATH || '/usr/bin/firefox-esr';

export async function firefoxDriver(): Promise<Driver> {
  const browser = await puppeteer.launch({
    browser: 'firefox',
    protocol: 'webDriverBiDi',
    executablePath: firefoxPath,
    headless: true,
    env: { ...process.env, TZ: 'Europe/Berlin' },
    // German first, as a phone in Germany asks.
    extraPrefsFirefox: { 'intl.accept_languages': 'de-DE,de' },
  });
  const open = async () => {
    const page = await browser.newPage();
    await page.setViewport({ width: 390, height: 844, isMobile: true, hasTouch: true });
    await page.evaluateOnNewDocument(PAGE_SCRIPT);
    return page;
  };
  // The window the browser opened with, closed: every page is one of ours.
  const [first] = await browser.pages();
  let page: Page = await open();
  await first?.close();
  const element = async (body: string, args: unknown[]) => {
    const handle = (await page.evaluateHandle(expression(body, args))).asElement();
    if (!handle) throw new Error('no such element');
    return handle as ElementHandle<Element>;
  };
  return {
    async goto(url) {
      try {
        await page.goto(url);
      } catch (error) {
        // Seen at the first full load after a walk by links (pushState), about one run in two,
        // 2026-12-06: Firefox's BiDi navigation ends with NS_BINDING_ABORTED (another navigation
        // replaced it) where Chromium and WebKit load the page. Cause not found yet; loaded again,
        // said on stderr, so a second abort still fails the journey.
        if (!String(error).includes('NS_BINDING_ABORTED')) throw error;
        console.warn(
          `firefox: the load of ${url} was replaced by another (NS_BINDING_ABORTED); loading it again`,
        );
        await page.goto(url);
      }
    },
    run: <T>(body: string, args: unknown[]) => page.evaluate(expression(body, args)) as Promise<T>,
    // A locator's click waits until the element stands still and takes events: a bare handle's
    // click goes to the coordinates it measured, and a screen still settling under load moved the
    // button away ('Experiment starten' tapped the notes field above it, 2026-12-06).
    // A locator made from a handle waits on that node for good: a deferred menu's placeholder
    // replaced by the real trigger (the profile menu) left it waiting 30 s on a detached node
    // (CI run 2026-12-07). Waited for a few seconds, a node no longer in the page is reported as
    // detached, so the journey finds the element anew (page.ts retries such errors only).
    click: async (body, args) => {
      const handle = await element(body, args);
      try {
        await handle.asLocator().setTimeout(5_000).click();
      } catch (error) {
        if (!(await handle.evaluate((node) => node.isConnected).catch(() => false)))
          throw new Error('the element was detached before the tap', { cause: error });
        throw error;
      }
    },
    type: async (body, args, value) => (await element(body, args)).type(value),
    screenshot: async () => Buffer.from(await page.screenshot()),
    async reopen() {
      const old = page;
      page = await open();
      await old.close();
    },
    close: () => browser.close(),
  };
}
