// A server that listens compiles the serializers of the shell's and the first screens' reads on
// its own, in the background (http/warm-serializers.ts, Entscheidung HTTP-9), and only those: every
// other route still compiles at its first answer (HTTP-8). No timing: which are compiled.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  firstScreenPaths,
  firstScreenSerializers,
  reaches,
} from '../../../src/server/http/warm-serializers.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';

describe('the first screens’ serializers after the start', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t?.app.close();
  });

  it('are compiled once the server listens, before any request; the other routes’ are not', async () => {
    // Ready: each route's serializers made (compiled at the first answer, HTTP-8).
    await t.app.ready();
    const { successes, warm } = t.app.serializers;
    const first = firstScreenSerializers(successes);
    // Each read of the shell and the first screens reaches a route whose answer has a serializer.
    for (const path of firstScreenPaths())
      expect(
        first.some((s) => reaches(s.url, path)),
        path,
      ).toBe(true);
    expect(first.some((s) => s.compiled())).toBe(false);

    await t.app.listen({ port: 0, host: '127.0.0.1' });
    await warm;
    expect(first.filter((s) => !s.compiled()).map((s) => s.url)).toEqual([]);
    const others = successes.filter((s) => !first.includes(s));
    expect(others.length).toBeGreaterThan(first.length);
    expect(others.filter((s) => s.compiled()).map((s) => `${s.method} ${s.url}`)).toEqual([]);
  });
});
