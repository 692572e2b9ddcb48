// The engines the journeys run in, and a page of each on a 390 px phone.
import { chromiumDriver } from './chromium.ts';
import { firefoxDriver } from './firefox.ts';
import { journeyPage, type Engine } from './page.ts';
import { webkitDriver } from './webkit.ts';

/** All three, or those ENGINES names (`ENGINES=webkit npx vitest run -c tests/engines/vitest.config.ts`). */
export const ENGINES = (['chromium', 'firefox', 'webkit'] as Engine[]).filter(
  (engine) => !process.env.ENGINES || process.env.ENGINES.split(',').includes(engine),
);

/** An iPhone's Safari (every iOS browser is WebKit). */
export const IPHONE_UA =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 18_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) ' +
  'Version/18.5 Mobile/15E148 Safari/604.1';

export async function openPage(engine: Engine, baseURL: string, options: { userAgent?: string } = {}) {
  const driver =
    engine === 'chromium'
      ? await chromiumDriver()
      : engine === 'firefox'
        ? await firefoxDriver()
        : await webkitDriver(options);
  return journeyPage(engine, baseURL, driver);
}
