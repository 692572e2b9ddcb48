// What `npm test` needs from the machine, brought before any suite starts: Debian's PostgreSQL
// server (the private cluster of the PostgreSQL pass and the fault suite) and Chromium (the
// journeys). Decision 2026-12-01: like `npm start`, `npm test` sets itself up on a fresh machine.
// Where it may (root, apt-get present) it installs what is missing (`apt-get update` once, then
// the packages, quietly, one line saying so); where it may not, it stops at once with one German
// line naming the command, instead of failing halfway through a long run. TEST_DATABASE_URL
// (an existing server) and CHROME_PATH (another browser) replace the package they stand for.
// `npx tsx tests/preflight.ts` runs this part alone.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import { binDir } from './postgres.ts';

export const DEBIAN_CHROMIUM = '/usr/bin/chromium';

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

const LABELS: Record<string, string> = {
  postgresql: 'der PostgreSQL-Server (postgresql)',
  chromium: 'Chromium (chromium)',
};
const INSTEAD: Record<string, string> = { postgresql: 'TEST_DATABASE_URL', chromium: 'CHROME_PATH' };

/** The Debian packages the run is missing, after what TEST_DATABASE_URL and CHROME_PATH replace. */
export function missing(probes: Probes): string[] {
  const packages: string[] = [];
  if (!probes.env.TEST_DATABASE_URL && !probes.hasPostgres()) packages.push('postgresql');
  if (!probes.env.CHROME_PATH && !probes.hasFile(DEBIAN_CHROMIUM)) packages.push('chromium');
  return packages;
}

const command = (probes: Probes, packages: string[]) =>
  `${probes.isRoot ? '' : 'sudo '}apt-get install -y ${packages.join(' ')}`;

const unless = (packages: string[]) => packages.map((p) => INSTEAD[p]).join(' bzw. ');

export function plan(probes: Probes): Plan {
  const chrome = probes.env.CHROME_PATH;
  if (chrome && !probes.hasFile(chrome)) {
    return {
      stop: `CHROME_PATH zeigt auf ${chrome}, dort ist kein Chromium: setze den Pfad eines Chromium oder lass CHROME_PATH weg.`,
    };
  }
  const packages = missing(probes);
  if (packages.length === 0 || (probes.isRoot && probes.hasAptGet)) return { install: packages };
  const what = packages.map((p) => LABELS[p]).join(' und ');
  return {
    stop: `Für npm test ${packages.length > 1 ? 'fehlen' : 'fehlt'} ${what}: führe \`${command(probes, packages)}\` aus (oder setze ${unless(packages)}).`,
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
    return `Die Installation von ${packages.join(', ')} ist gescheitert${failed ? ` (${failed})` : ''}: führe \`${command(probes, packages)}\` selbst aus (oder setze ${unless(packages)}).`;
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
