// What `npm test` needs from the machine, brought before any suite starts: Debian's PostgreSQL
// server (the private cluster of the PostgreSQL pass and the fault suite), Chromium (the
// journeys), Firefox ESR, WebKitWebDriver and Xvfb (the engine journeys, tests/engines/).
// Entscheidung TST-5: like `npm start`, `npm test` sets itself up on a fresh machine.
// Where it may (root, apt-get present) it installs what is missing (`apt-get update` once, then
// the packages, quietly, one line saying so); where it may not, it stops at once with one German
// line naming the command, instead of failing halfway through a long run. TEST_DATABASE_URL
// (an existing server), CHROME_PATH, FIREFOX_PATH and WEBKIT_DRIVER_PATH (other builds) replace
// the package they stand for.
// `npx tsx tests/preflight.ts` runs this part alone.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import { binDir } from './postgres.ts';

export const DEBIAN_CHROMIUM = '/usr/bin/chromium';
export const DEBIAN_FIREFOX = '/usr/bin/firefox-esr';
export const DEBIAN_WEBKIT_DRIVER = '/usr/bin/WebKitWebDriver';
export const DEBIAN_XVFB = '/usr/bin/Xvfb';

/** What the decision looks at; tests pass their own. */
export type Probes = {
  env: NodeJS.ProcessEnv;
  /** Debian's server binaries (`/usr/lib/postgresql/<version>/bin/initdb`) are there. */
  hasPostgres: () => boolean;
  hasFile: (path: string) => boolean;
  isRoot: boolean;
  hasAptGet: boolean;
};

/** Nothing to do, packages to install, or the one line to stop with. */
export type Plan = { install: string[] } | { stop: string };

/**
 * The Debian packages a run needs, in the order they are named: what shows the package is there,
 * and the variable that stands in for it (a path, where it names a program: then it must exist).
 * The engine journeys (tests/engines/) drive Firefox ESR and WebKitGTK (WebKitWebDriver starts
 * MiniBrowser, which needs an X display: Xvfb).
 */
type Need = { package: string; label: string; instead?: string; program?: string; file?: string };
const NEEDS: Need[] = [
  { package: 'postgresql', label: 'der PostgreSQL-Server (postgresql)', instead: 'TEST_DATABASE_URL' },
  {
    package: 'chromium',
    label: 'Chromium (chromium)',
    instead: 'CHROME_PATH',
    program: 'Chromium',
    file: DEBIAN_CHROMIUM,
  },
  {
    package: 'firefox-esr',
    label: 'Firefox ESR (firefox-esr)',
    instead: 'FIREFOX_PATH',
    program: 'Firefox',
    file: DEBIAN_FIREFOX,
  },
  {
    package: 'webkit2gtk-driver',
    label: 'WebKitWebDriver (webkit2gtk-driver)',
    instead: 'WEBKIT_DRIVER_PATH',
    program: 'WebKitWebDriver',
    file: DEBIAN_WEBKIT_DRIVER,
  },
  { package: 'xvfb', label: 'Xvfb (xvfb)', file: DEBIAN_XVFB },
];

const present = (probes: Probes, need: Need) =>
  (need.instead !== undefined && Boolean(probes.env[need.instead])) ||
  (need.file ? probes.hasFile(need.file) : probes.hasPostgres());

/** The Debian packages the run is missing, after what TEST_DATABASE_URL, CHROME_PATH … replace. */
export function missing(probes: Probes): string[] {
  return NEEDS.filter((need) => !present(probes, need)).map((need) => need.package);
}

const command = (probes: Probes, packages: string[]) =>
  `${probes.isRoot ? '' : 'sudo '}apt-get install -y ${packages.join(' ')}`;

const need = (name: string) => NEEDS.find((n) => n.package === name)!;

/** " (oder setze TEST_DATABASE_URL bzw. CHROME_PATH)", for the packages that have a stand-in. */
function unless(packages: string[]) {
  const variables = packages.flatMap((p) => need(p).instead ?? []);
  return variables.length > 0 ? ` (oder setze ${variables.join(' bzw. ')})` : '';
}

export function plan(probes: Probes): Plan {
  for (const { instead, program } of NEEDS) {
    const path = instead && program ? probes.env[instead] : undefined;
    if (path && !probes.hasFile(path)) {
      return {
        stop: `${instead} zeigt auf ${path}, dort ist kein ${program}: setze den Pfad eines ${program} oder lass ${instead} weg.`,
      };
    }
  }
  const packages = missing(probes);
  if (packages.length === 0 || (probes.isRoot && probes.hasAptGet)) return { install: packages };
  const what = packages.map((p) => need(p).label);
  const listed = what.length > 1 ? `${what.slice(0, -1).join(', ')} und ${what.at(-1)}` : what[0];
  return {
    stop: `Für npm test ${packages.length > 1 ? 'fehlen' : 'fehlt'} ${listed}: führe \`${command(probes, packages)}\` aus${unless(packages)}.`,
  };
}

/** `apt-get update`, then the packages; the error's last line when one of them fails. */
export function aptInstall(packages: string[]): string | undefined {
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  for (const args of [
    ['update', '-qq'],
    ['install', '-y', '-qq', ...packages],
  ]) {
    const result = spawnSync('apt-get', args, { stdio: ['ignore', 'ignore', 'pipe'], encoding: 'utf8', env });
    if (result.status !== 0) {
      const lines = `${result.error?.message ?? ''}\n${result.stderr ?? ''}`.trim().split('\n');
      return `apt-get ${args[0]}: ${lines.at(-1) || `Exit-Code ${result.status}`}`;
    }
  }
  return undefined;
}

export const machine = (): Probes => ({
  env: process.env,
  hasPostgres: () => binDir() !== undefined,
  hasFile: existsSync,
  isRoot: process.getuid?.() === 0,
  hasAptGet: spawnSync('apt-get', ['--version'], { stdio: 'ignore' }).status === 0,
});

/**
 * Installs what is missing (saying so in one line) or answers the line to stop with; `undefined`
 * when the run may start.
 */
export function preflight(probes: Probes = machine(), install = aptInstall, say = console.log) {
  const first = plan(probes);
  if ('stop' in first) return first.stop;
  if (first.install.length === 0) return undefined;
  say(`npm test installiert, was ihm fehlt: ${first.install.join(', ')} (apt-get update, apt-get install) …`);
  const failed = install(first.install);
  const still = missing(probes);
  if (failed || still.length > 0) {
    const packages = still.length > 0 ? still : first.install;
    return `Die Installation von ${packages.join(', ')} ist gescheitert${failed ? ` (${failed})` : ''}: führe \`${command(probes, packages)}\` selbst aus${unless(packages)}.`;
  }
  return undefined;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const problem = preflight();
  if (problem) {
    console.error(problem);
    process.exit(1);
  }
}
