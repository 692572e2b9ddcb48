// The READMEs name what is there: every path and every code name in backticks in the root README
// and the folders' READMEs exists, and every `Entscheidung CODE-n` in the code has its numbered
// entry under '## Entscheidungen (CODE)' in a README.
//
// A path (a span with a `/` or a file ending) is looked up relative to the README's folder and
// each folder above it up to the repository's root (`shared/api.ts` in src/client/README.md is
// src/shared/api.ts); a `*` in its last part matches any name there. A code name (an identifier,
// dotted ones too: `reasonsOf`, `ctx.clock`) must occur in a source file under src/, sw/, tests/
// or .config/ (Markdown left out, so a README cannot vouch for itself). Spans with spaces,
// addresses (`/api/…`, `https://…`), placeholders (`<area>`, `{id}`) and plain words are text.
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, posix } from 'node:path';
import { describe, expect, it } from 'vitest';

const root = join(import.meta.dirname, '../..');
const tracked = execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard'], {
  cwd: root,
  encoding: 'utf8',
})
  .split('\n')
  .filter((file) => file && existsSync(join(root, file)));
const readmes = tracked.filter((file) => posix.basename(file) === 'README.md');

/** Named in a README, not in the repository, and rightly so. Keep it short: each with its reason. */
const NOT_IN_REPO: Record<string, string> = {
  './data': 'DATA_DIR, where a running server keeps its SQLite file and mail outbox',
  'data/mail/*.eml': 'the mail outbox a running server writes',
  'mail/': 'the mail outbox a running server writes under DATA_DIR',
  '../shared/spec/studio-spec.md': 'the spec beside the checkout, not in it',
  '../shared/DESIGN.md': 'the design notes beside the checkout, not in it',
  '../shared/fixtures/feeds-more/': 'the real feeds beside the checkout (/work/shared), not in it',
  'test-results/artifacts-engines/': 'written by the engine journeys when one fails',
  'metric-plot-*.js': 'a chunk of the build (dist/client)',
  'landing.html': 'the prerendered landing page of the build (dist/client)',
  'screen-chunks.json': 'written by the build (dist/client)',
  'sw.js': 'the service worker as built and served',
  'export.json': 'a file inside the data export archive',
  'experiment_effects.json': 'a file inside the data export archive',
  'src/server/db/seed/content/practices/NNN-slug.md': 'the pattern of the method files (NNN the number)',
  'podigee-source.ts': 'the file the how-to for a new audience source has you write',
};

/** Names of other programs a README explains (pg_auto_failover's settings, a plugin's API we do not call). */
const OUTSIDE_NAMES: Record<string, string> = {
  registerSW: "vite-plugin-pwa's registration, which the app does not use (Entscheidung CLI-27)",
  number_sync_standbys: "pg_auto_failover's setting",
  wait_primary: 'a pg_auto_failover state',
  stop_replication: 'a pg_auto_failover state',
  'pgautofailover.primary_demote_timeout': "pg_auto_failover's setting",
  'timeout.network_partition_timeout': "pg_auto_failover's setting",
  network_partition_timeout: "pg_auto_failover's setting",
};

const SOURCE = /\.(ts|tsx|js|mjs|cjs|json|css|html|sql|sh|txt|webmanifest)$/;
const corpus = tracked
  .filter((file) => /^((src|sw|tests|\.config|\.ci)\/|[^/]+$)/.test(file) && SOURCE.test(file))
  .map((file) => readFileSync(join(root, file), 'utf8'))
  .join('\n');

/** The backticked spans of a Markdown text, fenced code blocks left out. */
function spans(markdown: string): string[] {
  const prose = markdown.replace(/^(```|~~~)[^\n]*\n[\s\S]*?^\1[^\n]*$/gm, '');
  return [...prose.matchAll(/(?<!`)`([^`\n]+)`(?!`)/g)].map((m) => m[1]!.trim());
}

const FILE_ENDING = /\.(ts|tsx|js|mjs|cjs|json|md|css|html|yml|yaml|txt|svg|png|webp|xml|sql|sh|toml)$/;
const TOP = new Set(tracked.map((file) => file.split('/')[0]));
/** A path: a file ending, a folder's trailing `/`, `./` or `../`, or a top-level folder first. */
const isPath = (span: string) =>
  !/\s/.test(span) &&
  !/^(\/|https?:|[a-z]+:\/\/)/.test(span) &&
  !/[<>{}@=,;()[\]'"|…]/.test(span) &&
  (FILE_ENDING.test(span) || span.endsWith('/') || /^\.\.?\//.test(span) || TOP.has(span.split('/')[0]!));
const isCodeName = (span: string) => /^[A-Za-z_$][\w$]*(\.[A-Za-z_$][\w$]*)*(\(\))?$/.test(span);

/**
 * Relative to the README's folder or one above it; else, as a README often names a file by its
 * name or the end of its path (`practice-card.tsx`, `edit/metric-plot.ts`), any tracked file or
 * folder whose path ends so.
 */
function pathExists(readme: string, path: string): boolean {
  const clean = path.replace(/[:#].*$/, '').replace(/\/$/, '');
  for (let dir = dirname(readme); ; dir = dirname(dir)) {
    const candidate = join(root, dir, clean);
    if (clean.includes('*') ? globExists(candidate) : existsSync(candidate)) return true;
    if (dir === '.' || dir === '') break;
  }
  if (clean.includes('*')) {
    const glob = new RegExp(`(^|/)${clean.replace(/[.+?^$()]/g, '\\$&').replace(/\*/g, '[^/]*')}$`);
    return tracked.some((file) => glob.test(file));
  }
  const end = `/${clean.replace(/^(\.\.?\/)+/, '')}`;
  return tracked.some((file) => `/${file}`.endsWith(end) || `/${file}`.includes(`${end}/`));
}

function globExists(pattern: string): boolean {
  const folder = dirname(pattern);
  if (folder.includes('*') || !existsSync(folder)) return false;
  const name = new RegExp(
    `^${pattern
      .slice(folder.length + 1)
      .replace(/[.+?^$()]/g, '\\$&')
      .replace(/\*/g, '.*')}$`,
  );
  return readdirSync(folder).some((entry) => name.test(entry));
}

const defined = new Map<string, boolean>();
/** A dotted name (`meta.needsLogin`, `navigator.storage.persist()`) is found by its last part. */
function codeNameExists(name: string): boolean {
  const bare = name.replace(/\(\)$/, '').split('.').at(-1)!;
  let found = defined.get(bare);
  if (found === undefined) {
    const escaped = bare.replace(/[.$]/g, '\\$&');
    found = new RegExp(`(?<![\\w$])${escaped}(?![\\w$])`).test(corpus);
    defined.set(bare, found);
  }
  return found;
}

/** Words a README writes in backticks as words, not as names: values, keywords, units. */
const plainWord = (span: string) => /^[a-z]+$/.test(span) && span.length <= 12;

describe('the READMEs', () => {
  it('name only paths that exist', () => {
    const missing = readmes.flatMap((readme) =>
      spans(readFileSync(join(root, readme), 'utf8'))
        .filter((span) => isPath(span) && !(span in NOT_IN_REPO) && !pathExists(readme, span))
        .map((span) => `${readme}: \`${span}\``),
    );
    expect(missing, 'paths in READMEs that are not in the repository').toEqual([]);
  });

  it('name only code that exists', () => {
    const missing = readmes.flatMap((readme) =>
      spans(readFileSync(join(root, readme), 'utf8'))
        .filter(
          (span) =>
            !isPath(span) &&
            isCodeName(span) &&
            !plainWord(span) &&
            !(span in OUTSIDE_NAMES) &&
            !codeNameExists(span),
        )
        .map((span) => `${readme}: \`${span}\``),
    );
    expect(missing, 'code names in READMEs found in no source file').toEqual([]);
  });

  it('hold every decision the code names', () => {
    const entries = new Set<string>();
    for (const readme of readmes) {
      const text = readFileSync(join(root, readme), 'utf8');
      for (const section of text.split(/^## /m)) {
        const code = /^Entscheidungen \(([A-Z]+)\)/.exec(section)?.[1];
        if (!code) continue;
        for (const item of section.matchAll(/^(\d+)\. /gm)) entries.add(`${code}-${item[1]}`);
      }
    }
    const named = [...corpus.matchAll(/Entscheidung ([A-Z]+-\d+)/g)].map((m) => m[1]!);
    const unknown = [...new Set(named)].filter((ref) => !entries.has(ref));
    expect(unknown, "decisions named in code without their entry under a README's Entscheidungen").toEqual(
      [],
    );
  });
});
