// Debian's Chromium as the journeys, the benches and the screenshot script (Playwright, Lighthouse)
// start it.
import { Launcher } from 'chrome-launcher';

export const chromiumPath = process.env.CHROME_PATH || '/usr/bin/chromium';

/**
 * Chromium 156 opens the omnibox's WebUI popup in every window, headless too: a renderer of its
 * own that loads ~400 modules, ~1 s of CPU and 160 MB each. In Playwright every browser context
 * is a window (`ps` after three contexts: 7 renderers, 4 with these off). On this 2-core machine
 * that CPU was taken from the page under test and the server: two journey files ran in 43 s
 * instead of 51 s without it, and Lighthouse measures its page beside it (2026-11-27).
 */
const WEBUI_OFF = [
  'PreloadTopChromeWebUI',
  'WebUIOmniboxPopup',
  'WebUIOmniboxFullPopup',
  'WebUIOmniboxAimPopup',
];

/**
 * What Playwright 1.65 turns off itself (playwright-core's chromiumSwitches.ts). Chromium reads
 * only the last --disable-features of its command line, so ours must repeat the launcher's.
 */
const PLAYWRIGHT_OFF = [
  'AvoidUnnecessaryBeforeUnloadCheckSync',
  'DestroyProfileOnBrowserClose',
  'HttpsUpgrades',
  'HttpsFirstBalancedModeAutoEnable',
  'LensOverlay',
  'MediaRouter',
  'PaintHolding',
  'ThirdPartyStoragePartitioning',
  'AvoidCorsURLLoaderRestartOnRedirect',
  'TcpPortRandomizationWin',
  'OptimizationHints',
  'NetworkTimeServiceQuerying',
  'AimEnabled',
  'PreconnectToSearch',
];

const COMMON = [
  '--no-sandbox',
  '--disable-gpu',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/** `args` of Playwright's `chromium.launch`. */
export const playwrightArgs = [
  ...COMMON,
  `--disable-features=${[...PLAYWRIGHT_OFF, ...WEBUI_OFF].join(',')}`,
];

/** Lighthouse's `--chrome-flags` (chrome-launcher adds its defaults before them). */
export function lighthouseFlags(): string[] {
  const launcherOff =
    Launcher.defaultFlags()
      .find((flag) => flag.startsWith('--disable-features='))
      ?.slice('--disable-features='.length)
      .split(',') ?? [];
  return ['--headless', ...COMMON, `--disable-features=${[...launcherOff, ...WEBUI_OFF].join(',')}`];
}
