// Vite plugin: serves /twemoji/{code}.svg in dev and, in the build, copies only the Twemoji SVGs
// the editorial content uses (plus the 2753 fallback) from @twemoji/svg into dist/client/twemoji/.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Plugin } from 'vite';
import YAML from 'yaml';
import { twemojiCode } from '../../shared/twemoji.ts';

const FALLBACK = '2753';

function frontMatter(text: string): unknown {
  const match = /^---\r?\n([\s\S]*?)\r?\n---/.exec(text);
  return match ? YAML.parse(match[1]!) : undefined;
}

function emojiOf(value: unknown): string[] {
  if (Array.isArray(value)) return value.flatMap(emojiOf);
  if (value && typeof value === 'object' && 'emoji' in value && typeof value.emoji === 'string') {
    return [value.emoji];
  }
  return [];
}

/** Emoji of the content files that exist now; half-written files are skipped, not fatal. */
export function contentEmoji(contentDir: string): string[] {
  const found: string[] = [];
  const read = (file: string, parse: (text: string) => unknown) => {
    try {
      found.push(...emojiOf(parse(readFileSync(file, 'utf8'))));
    } catch {
      // A file another writer is still editing; the next build picks it up.
    }
  };
  const practices = join(contentDir, 'practices');
  if (existsSync(practices)) {
    for (const f of readdirSync(practices).filter((n) => n.endsWith('.md'))) {
      read(join(practices, f), frontMatter);
    }
  }
  const compilations = join(contentDir, 'compilations.yaml');
  if (existsSync(compilations)) read(compilations, (t) => YAML.parse(t));
  return found;
}

export function twemojiPlugin(options: { svgDir: string; contentDir: string }): Plugin {
  const { svgDir, contentDir } = options;
  return {
    name: 'kompass-twemoji',
    configureServer(server) {
      server.middlewares.use('/twemoji', (req, res, next) => {
        const name = /^\/([0-9a-f-]+)\.svg$/.exec(req.url ?? '')?.[1];
        const file = name && join(svgDir, `${name}.svg`);
        if (!file || !existsSync(file)) return next();
        res.setHeader('Content-Type', 'image/svg+xml');
        res.end(readFileSync(file));
      });
    },
    generateBundle() {
      const codes = new Set([FALLBACK, ...contentEmoji(contentDir).map(twemojiCode)]);
      for (const code of codes) {
        const file = join(svgDir, `${code}.svg`);
        if (!existsSync(file)) {
          this.warn(`no Twemoji SVG for ${code}; the client falls back to ${FALLBACK}`);
          continue;
        }
        this.emitFile({ type: 'asset', fileName: `twemoji/${code}.svg`, source: readFileSync(file) });
      }
    },
  };
}
