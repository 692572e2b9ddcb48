// Vite plugin: writes a brotli (.br) and a gzip (.gz) copy next to every text file of the build,
// once, at the highest levels. The server sends them to browsers that accept them
// (@fastify/static `preCompressed`) instead of compressing on every request or not at all.
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { Plugin } from 'vite';

const TEXT = /\.(?:js|mjs|css|html|svg|json|webmanifest|txt|xml)$/;
/** Below this a compressed copy saves less than the extra round of headers costs. */
const MIN_BYTES = 1024;

function filesUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    return entry.isDirectory() ? filesUnder(path) : [path];
  });
}

/** Writes `file.br` and `file.gz` for each text file of `dir` that they make smaller. */
export function precompress(dir: string) {
  let written = 0;
  for (const file of filesUnder(dir).filter((f) => TEXT.test(f))) {
    if (statSync(file).size < MIN_BYTES) continue;
    const bytes = readFileSync(file);
    const copies: [string, Buffer][] = [
      [
        '.br',
        brotliCompressSync(bytes, {
          params: {
            [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
            [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length,
          },
        }),
      ],
      ['.gz', gzipSync(bytes, { level: constants.Z_BEST_COMPRESSION })],
    ];
    for (const [extension, compressed] of copies) {
      if (compressed.length >= bytes.length) continue;
      writeFileSync(file + extension, compressed);
      written++;
    }
  }
  return written;
}

export function precompressPlugin(): Plugin {
  let outDir = '';
  return {
    name: 'kompass-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = resolve(config.root, config.build.outDir);
    },
    // After every other plugin has written its files (the service worker among them).
    closeBundle: {
      order: 'post',
      sequential: true,
      handler() {
        precompress(outDir);
      },
    },
  };
}
