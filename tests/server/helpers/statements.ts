// The statements a piece of code sends, as "<kind> <first table>" (e.g. 'SelectQueryNode
// feed_check_schedule'): a Kysely plugin on a copy of the app's database handle, to show what a
// job's run reads (a run with nothing due reads one table once).
import type { KyselyPlugin, RootOperationNode } from 'kysely';
import type { TestApp } from './test-app.ts';

export function countedStatements(t: TestApp) {
  const statements: string[] = [];
  const plugin: KyselyPlugin = {
    transformQuery({ node }) {
      const table = JSON.stringify(node).match(/"TableNode".*?"name":"(\w+)"/)?.[1];
      statements.push(`${(node as RootOperationNode).kind} ${table}`);
      return node;
    },
    transformResult: async ({ result }) => result,
  };
  // A unit of work's statements (database.ts `write`) run through its own `tx`: not counted here.
  const db = Object.assign(t.db.withPlugin(plugin), {
    engine: t.db.engine,
    faults: t.db.faults,
    write: t.db.write,
  });
  return { statements, ctx: { ...t.ctx, db } };
}
