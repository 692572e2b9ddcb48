// WebKitGTK (Debian's webkit2gtk-driver): classic WebDriver (selenium-webdriver) drives
// WebKitWebDriver, which starts MiniBrowser under a private Xvfb display (MiniBrowser has no
// headless mode). MiniBrowser's toolbar keeps its window ~447 px wide; a GTK stylesheet in the
// profile's XDG_CONFIG_HOME shrinks the toolbar's widgets (not the page) so the window can be
// 390 px wide. `userAgent`: an iPhone's makes the app take its iOS paths; the engine stays WebKitGTK's.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Builder, type WebDriver, type WebElement } from 'selenium-webdriver';
import { freePort, waitUntilUp } from '../../support/loopback-server.ts';
import { expression } from './script.ts';
import type { Driver } from './page.ts';

export const webkitDriverPath = process.env.WEBKIT_DRIVER_PATH || 'WebKitWebDriver';

/** MiniBrowser from libwebkit2gtk-4.1-0 (the package does not put it on PATH). */
export function miniBrowserPath() {
  if (process.env.MINIBROWSER_PATH) return process.env.MINIBROWSER_PATH;
  const listed = spawnSync('dpkg', ['-L', 'libwebkit2gtk-4.1-0'], { encoding: 'utf8' }).stdout ?? '';
  const path = listed.split('\n').find((line) => line.endsWith('/MiniBrowser'));
  if (!path) throw new Error('MiniBrowser not found: apt-get install -y webkit2gtk-driver');
  return path;
}

const SLIM_TOOLBAR = `* { padding: 0; margin: 0; min-width: 0; min-height: 0; font-size: 4px; }\n`;

/** A free X display number for our Xvfb (its lock file is the sign of a taken one). */
function freeDisplay() {
  for (let n = 90 + (process.pid % 100); ; n++) if (!existsSync(`/tmp/.X${n}-lock`)) return n;
}

async function startXvfb() {
  const display = `:${freeDisplay()}`;
  const xvfb = spawn('Xvfb', [display, '-screen', '0', '1280x1024x24', '-nolisten', 'tcp'], {
    stdio: 'ignore',
  });
  // Ready when its socket is there.
  const socket = `/tmp/.X11-unix/X${display.slice(1)}`;
  for (let i = 0; i < 100 && !existsSync(socket); i++) {
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return { display, xvfb };
}

export async function webkitDriver(options: { userAgent?: string } = {}): Promise<Driver> {
  const home = mkdtempSync(join(tmpdir(), 'kompass-webkit-'));
  mkdirSync(join(home, 'gtk-3.0'));
  writeFileSync(join(home, 'gtk-3.0', 'gtk.css'), SLIM_TOOLBAR);
  const { display, xvfb } = await startXvfb();
  const port = await freePort();
  const server: ChildProcess = spawn(webkitDriverPath, [`--port=${port}`, '--host=127.0.0.1'], {
    env: {
      ...process.env,
      DISPLAY: display,
      XDG_CONFIG_HOME: home,
      XDG_DATA_HOME: home,
      XDG_CACHE_HOME: home,
      TZ: 'Europe/Berlin',
      LANG: 'de_DE.UTF-8',
      // Mesa's shader cache was still being written by WebKit's processes after the driver quit,
      // and the profile's removal failed with ENOTEMPTY (2026-12-07): a software-rendered test
      // display gains nothing from it.
      MESA_SHADER_CACHE_DISABLE: 'true',
    },
    stdio: 'ignore',
  });
  const ended = (child: ChildProcess) =>
    child.exitCode !== null || child.signalCode !== null
      ? Promise.resolve()
      : new Promise((resolve) => child.once('exit', resolve));
  // The profile goes once the driver (and the MiniBrowser it started) and the display have ended.
  const stop = async () => {
    server.kill();
    await ended(server);
    xvfb.kill();
    await ended(xvfb);
    rmSync(home, { recursive: true, force: true, maxRetries: 5 });
  };
  try {
    await waitUntilUp(`http://127.0.0.1:${port}/status`, { exited: () => server.exitCode !== null });
    const args = ['--automation', ...(options.userAgent ? [`--user-agent=${options.userAgent}`] : [])];
    const driver: WebDriver = await new Builder()
      .usingServer(`http://127.0.0.1:${port}`)
      .withCapabilities({
        browserName: 'MiniBrowser',
        'webkitgtk:browserOptions': { binary: miniBrowserPath(), args },
      })
      .build();
    await driver.manage().window().setRect({ width: 390, height: 844 });
    // WebDriver scrolls an element only until its bottom edge shows, which on a phone is under the
    // fixed tab bar (ElementClickIntercepted): scrolled to the middle first, as a user would. Its
    // click goes to the point where the element was: on a screen still settling (a method's text
    // arriving above a form) it hit the field above the button, so the element must have stood
    // still for three looks 50 ms apart first (as puppeteer's locator waits in Firefox).
    const element = async (body: string, args: unknown[]) =>
      (await driver.executeScript(
        `const element = ${expression(body, args)};
         return new Promise((resolve) => {
           let last = '';
           let still = 0;
           const look = () => {
             const r = element.getBoundingClientRect();
             const now = [r.top, r.left, r.width, r.height].join();
             still = now === last ? still + 1 : 0;
             last = now;
             if (still >= 3) return resolve(element);
             if (still === 0) element.scrollIntoView({ block: 'center' });
             setTimeout(look, 50);
           };
           look();
         });`,
      )) as WebElement;
    return {
      goto: (url) => driver.get(url),
      run: (body, args) => driver.executeScript(`return ${expression(body, args)}`),
      click: async (body, args) => (await element(body, args)).click(),
      type: async (body, args, value) => (await element(body, args)).sendKeys(value),
      screenshot: async () => Buffer.from(await driver.takeScreenshot(), 'base64'),
      async reopen() {
        const old = await driver.getWindowHandle();
        await driver.switchTo().newWindow('window');
        const fresh = await driver.getWindowHandle();
        await driver.switchTo().window(old);
        await driver.close();
        await driver.switchTo().window(fresh);
        await driver.manage().window().setRect({ width: 390, height: 844 });
      },
      async close() {
        await driver.quit().catch(() => undefined);
        await stop();
      },
    };
  } catch (error) {
    await stop();
    throw error;
  }
}
