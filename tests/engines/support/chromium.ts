// Chromium through Playwright, started as the Playwright journeys start it (tests/support/chromium.ts),
// on a 390 × 844 phone.
import { chromium } from '@playwright/test';
import { chromiumPath, playwrightArgs } from '../../support/chromium.ts';
import { phone } from '../../e2e/support/phones.ts';
import { expression } from './script.ts';
import { PAGE_SCRIPT, type Driver } from './page.ts';

export async function chromiumDriver(): Promise<Driver> {
  const browser = await chromium.launch({ executablePath: chromiumPath, args: playwrightArgs });
  const context = await browser.newContext({ ...phone, locale: 'de-DE', timezoneId: 'Europe/Berlin' });
  await context.addInitScript(PAGE_SCRIPT);
  let page = await context.newPage();
  const element = async (body: string, args: unknown[]) => {
    const handle = (await page.evaluateHandle<Node>(expression(body, args))).asElement();
    if (!handle) throw new Error('no such element');
    return handle;
  };
  return {
    goto: async (url) => void (await page.goto(url)),
    run: <T>(body: string, args: unknown[]) => page.evaluate<T>(expression(body, args)),
    click: async (body, args) => (await element(body, args)).click(),
    type: async (body, args, value) => (await element(body, args)).fill(value),
    screenshot: () => page.screenshot(),
    async reopen() {
      await page.close();
      page = await context.newPage();
    },
    close: () => browser.close(),
  };
}
