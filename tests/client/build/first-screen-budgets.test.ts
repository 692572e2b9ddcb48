// The first screens' scripts stay within their budgets (first-screen-budgets.ts). Reads the build in
// dist/client, so it runs after `npm run build`: tests/run.ts runs it after the build step, the
// first vitest pass leaves it out. Sizes are the build's compressed copies, so no timing is involved.
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { FIRST_SCREENS, type ScreenName } from '../../../src/shared/first-screens.ts';
import { CHUNK_SIZES, SCREEN_BUDGETS } from './first-screen-budgets.ts';
import { firstScreenSizes } from './first-screen-sizes.ts';

const clientDir = process.env.BUDGET_CLIENT_DIR ?? join(import.meta.dirname, '../../../dist/client');
const kb = (bytes: number) => (bytes < 1024 ? `${bytes} B` : `${(bytes / 1024).toFixed(1)} KB`);

/** The chunks larger than when the budgets were set (or new), largest growth first. */
function grown(chunks: Map<string, number>) {
  return [...chunks]
    .map(([name, bytes]) => ({ name, bytes, growth: bytes - (CHUNK_SIZES[name] ?? 0) }))
    .filter((c) => c.growth > 0)
    .sort((a, b) => b.growth - a.growth)
    .map((c) => `${c.name} ${kb(c.bytes)} (+${kb(c.growth)}${c.name in CHUNK_SIZES ? '' : ', new'})`);
}

describe('first screens stay within their script budgets', () => {
  const sizes = firstScreenSizes(clientDir);

  it('has a build to measure', () => {
    expect(sizes, `no build manifest in ${clientDir}: run \`npm run build\` first`).not.toBeNull();
  });

  it.each(Object.keys(FIRST_SCREENS) as ScreenName[])('%s', (screen) => {
    if (!sizes) throw new Error(`no build in ${clientDir}`);
    const chunks = sizes[screen];
    const budget = SCREEN_BUDGETS[screen];
    const bytes = [...chunks.values()].reduce((sum, b) => sum + b, 0);
    expect(
      bytes,
      `${screen}: ${kb(bytes)} before its first paint, budget ${kb(budget.bytes)}; grown: ${grown(chunks).join(', ') || 'none'}`,
    ).toBeLessThanOrEqual(budget.bytes);
    expect(
      chunks.size,
      `${screen}: ${chunks.size} scripts before its first paint, budget ${budget.scripts}: ${[...chunks.keys()].join(', ')}`,
    ).toBeLessThanOrEqual(budget.scripts);
  });
});
