// src/server/ENDPOINTS.md is the route table as it is: every endpoint, who may call it, which file
// answers it. A route added, removed, moved to another file or given another rule fails here
// until the index is written anew.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { INDEX_COMMAND, INDEX_FILE, renderIndex, routeTable } from './endpoint-index.ts';

describe('the endpoint index', () => {
  it('matches the route table', async () => {
    const fresh = renderIndex(await routeTable()).split('\n');
    const kept = readFileSync(INDEX_FILE, 'utf8').split('\n');
    const missing = fresh.filter((line) => !kept.includes(line));
    const stale = kept.filter((line) => !fresh.includes(line));
    expect(
      { missing, stale },
      `src/server/ENDPOINTS.md differs from the route table; write it anew: ${INDEX_COMMAND}`,
    ).toEqual({ missing: [], stale: [] });
    expect(kept, 'src/server/ENDPOINTS.md: same lines, another order').toEqual(fresh);
  });
});
