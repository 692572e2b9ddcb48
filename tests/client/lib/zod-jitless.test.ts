// Our CSP forbids eval, so zod must never reach for `new Function` in the browser: not to
// compile a parser and not to probe whether it may. Nothing here imports zod before the setup.
import { expect, it } from 'vitest';

it('builds and parses object schemas without new Function once zod-jitless ran', async () => {
  const original = globalThis.Function;
  let constructed = 0;
  globalThis.Function = new Proxy(original, {
    construct(target, args) {
      constructed++;
      return Reflect.construct(target, args) as object;
    },
  });
  try {
    await import('../../../src/client/lib/zod-jitless.ts');
    const { z } = await import('zod');
    const schema = z.object({ data: z.object({ id: z.number(), title: z.string() }) });
    for (let i = 0; i < 3; i++) expect(schema.parse({ data: { id: i, title: 'Folge' } }).data.id).toBe(i);
    expect(constructed).toBe(0);
    expect(z.config().jitless).toBe(true);
  } finally {
    globalThis.Function = original;
  }
});
