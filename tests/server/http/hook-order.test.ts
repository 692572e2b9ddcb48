// The order of a request's hooks is the table's in src/server/pipeline/README.md ("The request's hooks,
// in order"): each route's hooks, read from Fastify's route table by their function names, run
// in the table's order for their phase, every hook a route runs has its row, and every row's hook
// runs on some route (rows marked 'SQLite only' on SQLite alone). A hook moved in app.ts, or a
// guard appended where it was prepended, turns this red.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';

const readme = readFileSync(join(import.meta.dirname, '../../../src/server/pipeline/README.md'), 'utf8');
const section = readme.split("## The request's hooks, in order")[1]!.split(/^## /m)[0]!;
/** The table's rows: phase, hook name (without backticks), whether it runs on SQLite only. */
const rows = [...section.matchAll(/^\| (on\w+|pre\w+) \| `?(\w+)`? \|[^|]*\| ([^|]*) \|/gm)].map(
  ([, phase, hook, routes]) => ({
    phase: phase!,
    hook: hook!,
    sqliteOnly: /SQLite only/.test(routes!),
  }),
);

let t: TestApp;
/** Each route's hooks by phase as the route table prints them: `phase` → the distinct chains. */
let chains: Map<string, Set<string>>;
beforeAll(async () => {
  t = await createTestApp();
  await t.app.ready();
  chains = new Map();
  const table = t.app.printRoutes({ includeHooks: true, commonPrefix: false });
  for (const [, phase, names] of table.matchAll(/• \((\w+)\) (\[.*\])/g)) {
    const chain = (JSON.parse(names!) as string[]).map((name) => name.replace(/\(\)$/, '')).join(' → ');
    chains.set(phase!, (chains.get(phase!) ?? new Set()).add(chain));
  }
});
afterAll(() => t?.app.close());

describe("the request's hooks", () => {
  it('the README has the table', () => {
    expect(rows.length).toBeGreaterThan(10);
  });

  it('run in the order of the table, each with its row', () => {
    for (const [phase, seen] of chains) {
      const order = rows.filter((row) => row.phase === phase).map((row) => row.hook);
      for (const chain of seen) {
        const positions = chain.split(' → ').map((hook) => order.indexOf(hook));
        const unknown = chain.split(' → ').filter((_, i) => positions[i] === -1);
        expect(unknown, `${phase}: ${chain} (no row in the README's table)`).toEqual([]);
        const sorted = [...positions].sort((a, b) => a - b);
        expect(positions, `${phase}: ${chain} (the table: ${order.join(' → ')})`).toEqual(sorted);
      }
    }
  });

  it('every row names a hook that runs', () => {
    const running = new Set(
      [...chains].flatMap(([phase, seen]) =>
        [...seen].flatMap((c) => c.split(' → ').map((h) => `${phase} ${h}`)),
      ),
    );
    for (const row of rows) {
      const runs = running.has(`${row.phase} ${row.hook}`);
      expect(runs, `${row.phase} ${row.hook} on ${t.db.engine}`).toBe(
        !row.sqliteOnly || t.db.engine === 'sqlite',
      );
    }
  });
});
