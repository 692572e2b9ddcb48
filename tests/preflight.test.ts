// npm test's preflight: what is missing decides what it installs, or which line it stops with.
// The probes and the installer are injected, so no test runs apt-get.
import { describe, expect, it } from 'vitest';
import {
  DEBIAN_CHROMIUM,
  DEBIAN_FIREFOX,
  DEBIAN_WEBKIT_DRIVER,
  DEBIAN_XVFB,
  plan,
  preflight,
  type Probes,
} from './preflight.ts';

/** The engine journeys' programs (Firefox ESR, WebKitWebDriver, Xvfb), where a test is not about them. */
const ENGINES = [DEBIAN_FIREFOX, DEBIAN_WEBKIT_DRIVER, DEBIAN_XVFB];
const PACKAGE_FILES: Record<string, string> = {
  chromium: DEBIAN_CHROMIUM,
  'firefox-esr': DEBIAN_FIREFOX,
  'webkit2gtk-driver': DEBIAN_WEBKIT_DRIVER,
  xvfb: DEBIAN_XVFB,
};

/** A machine with these files (and the engines' unless `engines: false`); `postgres`: initdb is there. */
function probes(options: {
  engines?: boolean;
  postgres?: boolean;
  files?: string[];
  env?: NodeJS.ProcessEnv;
  root?: boolean;
  apt?: boolean;
}): Probes & { installed: (packages: string[]) => void } {
  const files = new Set([...(options.files ?? []), ...(options.engines === false ? [] : ENGINES)]);
  let postgres = options.postgres ?? false;
  return {
    env: options.env ?? {},
    hasPostgres: () => postgres,
    hasFile: (path) => files.has(path),
    isRoot: options.root ?? true,
    hasAptGet: options.apt ?? true,
    installed(packages) {
      if (packages.includes('postgresql')) postgres = true;
      for (const name of packages) if (PACKAGE_FILES[name]) files.add(PACKAGE_FILES[name]);
    },
  };
}

describe('npm test preflight (tests/preflight.ts)', () => {
  it('installs nothing when the server binaries and Chromium are there', () => {
    expect(plan(probes({ postgres: true, files: [DEBIAN_CHROMIUM] }))).toEqual({ install: [] });
  });

  it('installs what is missing as root with apt-get, saying so in one line, before anything runs', () => {
    const machine = probes({});
    const calls: string[][] = [];
    const lines: string[] = [];
    const problem = preflight(
      machine,
      (packages) => {
        calls.push(packages);
        machine.installed(packages);
        return undefined;
      },
      (line) => lines.push(line),
    );
    expect(problem).toBeUndefined();
    expect(calls).toEqual([['postgresql', 'chromium']]);
    expect(lines).toEqual([
      'npm test installiert, was ihm fehlt: postgresql, chromium (apt-get update, apt-get install) …',
    ]);
    expect(plan(probes({ files: [DEBIAN_CHROMIUM] }))).toEqual({ install: ['postgresql'] });
  });

  it('needs no PostgreSQL with TEST_DATABASE_URL and no Debian Chromium with CHROME_PATH', () => {
    const env = {
      TEST_DATABASE_URL: 'postgres://postgres@127.0.0.1:5432/postgres',
      CHROME_PATH: '/opt/chrome',
    };
    expect(plan(probes({ env, files: ['/opt/chrome'], root: false, apt: false }))).toEqual({ install: [] });
    expect(plan(probes({ env: { CHROME_PATH: '/opt/chrome' }, files: ['/opt/chrome'] }))).toEqual({
      install: ['postgresql'],
    });
  });

  it('stops with the command to run when it may not install', () => {
    expect(plan(probes({ root: false }))).toEqual({
      stop: 'Für npm test fehlen der PostgreSQL-Server (postgresql) und Chromium (chromium): führe `sudo apt-get install -y postgresql chromium` aus (oder setze TEST_DATABASE_URL bzw. CHROME_PATH).',
    });
    expect(plan(probes({ postgres: true, apt: false }))).toEqual({
      stop: 'Für npm test fehlt Chromium (chromium): führe `apt-get install -y chromium` aus (oder setze CHROME_PATH).',
    });
    const never = () => {
      throw new Error('no install without root');
    };
    expect(preflight(probes({ files: [DEBIAN_CHROMIUM], root: false }), never, never)).toBe(
      'Für npm test fehlt der PostgreSQL-Server (postgresql): führe `sudo apt-get install -y postgresql` aus (oder setze TEST_DATABASE_URL).',
    );
  });

  it('stops on a CHROME_PATH that names no file', () => {
    expect(plan(probes({ postgres: true, env: { CHROME_PATH: '/nirgends/chrome' } }))).toEqual({
      stop: 'CHROME_PATH zeigt auf /nirgends/chrome, dort ist kein Chromium: setze den Pfad eines Chromium oder lass CHROME_PATH weg.',
    });
  });

  it('stops with the command when apt-get fails or the package brings nothing usable', () => {
    const offline = preflight(
      probes({ postgres: true }),
      () => 'apt-get update: Temporary failure resolving',
      () => {},
    );
    expect(offline).toBe(
      'Die Installation von chromium ist gescheitert (apt-get update: Temporary failure resolving): führe `apt-get install -y chromium` selbst aus (oder setze CHROME_PATH).',
    );
    // apt-get succeeded, but no initdb appeared (another layout): said, not found out by the suites.
    const empty = preflight(
      probes({ files: [DEBIAN_CHROMIUM] }),
      () => undefined,
      () => {},
    );
    expect(empty).toBe(
      'Die Installation von postgresql ist gescheitert: führe `apt-get install -y postgresql` selbst aus (oder setze TEST_DATABASE_URL).',
    );
  });

  it('installs Firefox ESR, WebKitWebDriver and Xvfb for the engine journeys where missing', () => {
    const machine = probes({ postgres: true, files: [DEBIAN_CHROMIUM], engines: false });
    expect(plan(machine)).toEqual({ install: ['firefox-esr', 'webkit2gtk-driver', 'xvfb'] });
    const calls: string[][] = [];
    expect(
      preflight(
        machine,
        (packages) => {
          calls.push(packages);
          machine.installed(packages);
          return undefined;
        },
        () => {},
      ),
    ).toBeUndefined();
    expect(calls).toEqual([['firefox-esr', 'webkit2gtk-driver', 'xvfb']]);
    // Stand-ins for the browsers (not for Xvfb, which has none).
    const env = { FIREFOX_PATH: '/opt/firefox', WEBKIT_DRIVER_PATH: '/opt/WebKitWebDriver' };
    const files = [DEBIAN_CHROMIUM, DEBIAN_XVFB, ...Object.values(env)];
    expect(plan(probes({ postgres: true, env, files, engines: false }))).toEqual({ install: [] });
    expect(plan(probes({ postgres: true, files: [DEBIAN_CHROMIUM], engines: false, root: false }))).toEqual({
      stop: 'Für npm test fehlen Firefox ESR (firefox-esr), WebKitWebDriver (webkit2gtk-driver) und Xvfb (xvfb): führe `sudo apt-get install -y firefox-esr webkit2gtk-driver xvfb` aus (oder setze FIREFOX_PATH bzw. WEBKIT_DRIVER_PATH).',
    });
    expect(
      plan(
        probes({
          postgres: true,
          files: [DEBIAN_CHROMIUM, DEBIAN_FIREFOX, DEBIAN_WEBKIT_DRIVER],
          engines: false,
          apt: false,
        }),
      ),
    ).toEqual({
      stop: 'Für npm test fehlt Xvfb (xvfb): führe `apt-get install -y xvfb` aus.',
    });
    expect(
      plan(probes({ postgres: true, files: [DEBIAN_CHROMIUM], env: { FIREFOX_PATH: '/nirgends/firefox' } })),
    ).toEqual({
      stop: 'FIREFOX_PATH zeigt auf /nirgends/firefox, dort ist kein Firefox: setze den Pfad eines Firefox oder lass FIREFOX_PATH weg.',
    });
  });
});
