// The chunks an app screen's page preloads (src/server/http/screen-preloads.ts): the screen's and
// the frame's, which the build writes from its manifest (src/client/build/screen-chunks.ts) for the
// screens of src/shared/first-screens.ts, without what index.html loads itself.
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { writeScreenChunks } from '../../../src/client/build/screen-chunks.ts';
import { screenPreloads } from '../../../src/server/http/screen-preloads.ts';

function clientDir(manifest?: object) {
  const dir = mkdtempSync(join(tmpdir(), 'kompass-preloads-'));
  writeFileSync(
    join(dir, 'index.html'),
    '<html><head><script type="module" crossorigin src="/assets/index-a.js"></script></head></html>',
  );
  if (manifest) {
    mkdirSync(join(dir, '.vite'));
    writeFileSync(join(dir, '.vite/manifest.json'), JSON.stringify(manifest));
  }
  writeScreenChunks(dir);
  return dir;
}

describe('screen preloads', () => {
  it('lists the frame’s and the screen’s chunks, not the entry’s', () => {
    const preloads = screenPreloads(
      clientDir({
        '_index-a.js': { file: 'assets/index-a.js', imports: ['_runtime-r.js'] },
        '_runtime-r.js': { file: 'assets/runtime-r.js' },
        '_shared-c.js': { file: 'assets/shared-c.js', imports: ['_index-a.js'] },
        'src/client/routes/app-layout.tsx': {
          file: 'assets/app-layout-b.js',
          imports: ['_runtime-r.js', '_index-a.js', '_shared-c.js'],
        },
        'src/client/routes/screens/dashboard-screen.tsx': {
          file: 'assets/dashboard-screen-d.js',
          imports: ['_shared-c.js', '_index-a.js'],
        },
      }),
    );
    expect(preloads('/app/podcast')).toEqual([
      '/assets/app-layout-b.js',
      '/assets/shared-c.js',
      '/assets/dashboard-screen-d.js',
    ]);
    expect(preloads('/app/podcast/edit')).toEqual([]);
  });

  it('preloads nothing without a manifest', () => {
    expect(screenPreloads(clientDir())('/app/podcast')).toEqual([]);
  });
});
