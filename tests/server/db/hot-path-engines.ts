// How hot-path-plans.test.ts hears the statements the app runs and reads their plans, per engine.
// Both say the same thing: a statement that reads a table which grows with the users from end to
// end (no index narrows it) is named with that table.
import SQLite from 'better-sqlite3';
import { join } from 'node:path';
import pg from 'pg';
import type { TestApp } from '../helpers/test-app.ts';
import { fullReads, indexesOf, type PlanNode } from './hot-path-pg-plan.ts';

export type Ran = { text: string; parameters: unknown[] };
type Engine = {
  /** Records every statement the app's connections execute while `work` runs. */
  capture(work: () => Promise<void>): Promise<Ran[]>;
  /** `table: how: statement` for each whole-table read of a `growing` table in the statements' plans. */
  scans(t: TestApp, ran: Ran[], growing: Set<string>): Promise<string[]>;
};

const explainable = ({ text }: Ran) => /^\s*(select|insert|update|delete|with)\b/i.test(text);

/** Puts `wrap(original)` in place of each named method of `proto` while `work` runs. */
async function patched(
  proto: Record<string, unknown>,
  names: string[],
  wrap: (original: (...a: unknown[]) => unknown) => (this: unknown, ...a: unknown[]) => unknown,
  work: () => Promise<void>,
) {
  const originals = Object.fromEntries(names.map((m) => [m, proto[m]]));
  for (const name of names) proto[name] = wrap(originals[name] as (...a: unknown[]) => unknown);
  try {
    await work();
  } finally {
    Object.assign(proto, originals);
  }
}

export const sqlitePlans: Engine = {
  async capture(work) {
    const probe = new SQLite(':memory:');
    const proto = Object.getPrototypeOf(probe.prepare('SELECT 1')) as Record<string, unknown>;
    probe.close();
    const ran: Ran[] = [];
    const wrap = (original: (...a: unknown[]) => unknown) =>
      function (this: unknown, ...parameters: unknown[]) {
        ran.push({ text: (this as { source: string }).source, parameters });
        return original.apply(this, parameters);
      };
    await patched(proto, ['all', 'get', 'run', 'iterate'], wrap, work);
    return ran;
  },
  // EXPLAIN QUERY PLAN says `SCAN x` (also `SCAN x USING INDEX i`: the whole index) for a full read.
  async scans(t, ran, growing) {
    const db = new SQLite(join(t.config.dataDir, 'studio.sqlite'), { readonly: true });
    try {
      return ran.filter(explainable).flatMap(({ text, parameters }) => {
        const aliases = new Map<string, string>();
        for (const m of text.matchAll(/"(\w+)"\s+as\s+"(\w+)"/gi)) aliases.set(m[2]!, m[1]!);
        const plan = db.prepare(`EXPLAIN QUERY PLAN ${text}`).all(...parameters) as { detail: string }[];
        return plan.flatMap(({ detail }) => {
          const name = /^SCAN (\w+)/.exec(detail)?.[1];
          const table = name === undefined ? undefined : (aliases.get(name) ?? name);
          return table !== undefined && growing.has(table) ? [`${table}: ${detail}: ${text}`] : [];
        });
      });
    } finally {
      db.close();
    }
  },
};

export const postgresPlans: Engine = {
  // Every query of every client (the pool's, made before or during `work`) is submitted here.
  async capture(work) {
    const proto = pg.Query.prototype as unknown as Record<string, unknown>;
    const ran: Ran[] = [];
    const wrap = (original: (...a: unknown[]) => unknown) =>
      function (this: unknown, ...a: unknown[]) {
        const { text, values } = this as { text?: string; values?: unknown[] };
        if (typeof text === 'string') ran.push({ text, parameters: [...(values ?? [])] });
        return original.apply(this, a);
      };
    await patched(proto, ['submit'], wrap, work);
    return ran;
  },
  // The planner reads a small table whole whatever its indexes. With seq scans off (in this
  // transaction only) it takes any index that serves the statement, so a Seq Scan that remains
  // means there is none (Entscheidung TST-7).
  async scans(t, ran, growing) {
    const client = new pg.Client({ connectionString: t.config.databaseUrl });
    await client.connect();
    try {
      await client.query('BEGIN');
      await client.query('SET LOCAL enable_seqscan = off');
      const indexes = await indexesOf(client);
      const found: string[] = [];
      for (const { text, parameters } of ran.filter(explainable)) {
        const { rows } = await client.query<{ 'QUERY PLAN': { Plan: PlanNode }[] }>(
          `EXPLAIN (FORMAT JSON) ${text}`,
          parameters,
        );
        for (const { table, how } of fullReads(rows[0]!['QUERY PLAN'][0]!.Plan, indexes))
          if (growing.has(table)) found.push(`${table}: ${how}: ${text}`);
      }
      await client.query('ROLLBACK');
      return found;
    } finally {
      await client.end();
    }
  },
};
