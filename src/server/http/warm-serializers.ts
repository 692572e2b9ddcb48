// The first screens' serializers compiled right after the server listens, in the background, one
// per turn while no request is being answered (Entscheidung HTTP-9); every other route's still at
// its first answer (HTTP-8).
import type { ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import { FIRST_SCREENS, type Selected } from '../../shared/first-screens.ts';
import { BOOT_READS } from './boot-data.ts';
import type { SuccessSerializer } from './serializer.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The routes' success serializers, and when the first screens' are compiled (after listen). */
    serializers: { successes: readonly SuccessSerializer[]; warm: Promise<void> };
  }
}

/** Any podcast as the first screens' reads take one: active, with a feed (so every read is asked). */
const SAMPLE: Selected = { id: 1, active: true, rss_uri: 'https://example.org/feed' };

/** The paths of the shell's and every first screen's reads, ids filled in. */
export function firstScreenPaths() {
  const reads = [
    ...BOOT_READS,
    ...Object.values(FIRST_SCREENS).flatMap((screen) => screen.reads(SAMPLE, ['1'], '')),
  ];
  return [...new Set(reads.map((read) => read.url.split('?')[0]!))];
}

/** Whether a route's pattern (`:id` a segment, `::` a literal colon) matches `path`. */
export const reaches = (url: string, path: string) =>
  new RegExp(
    `^${url
      .split('::')
      .map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/:\w+/g, '[^/]+'))
      .join(':')}$`,
  ).test(path);

/** The success serializers of the GET routes the first screens' reads reach, in the reads' order. */
export function firstScreenSerializers(serializers: readonly SuccessSerializer[]) {
  const gets = serializers.filter(({ method }) => method === 'GET');
  return [...new Set(firstScreenPaths().flatMap((path) => gets.filter(({ url }) => reaches(url, path))))];
}

/**
 * Compiles the first screens' serializers once the app listens, one per turn of the event loop and
 * only while no request is being answered (a compile waits until none is); `warm` settles when all
 * are.
 */
export function warmAfterListen(app: FastifyInstance, serializers: readonly SuccessSerializer[]) {
  let finished: () => void;
  const warm = new Promise<void>((resolve) => (finished = resolve));
  app.addHook('onListen', function warmFirstScreens(ready) {
    const queue = firstScreenSerializers(serializers).filter((s) => !s.compiled());
    // The requests being answered, counted on the server itself until the last compile (no hook
    // stays on every request).
    let answering = 0;
    const count = (_request: unknown, response: ServerResponse) => {
      answering += 1;
      response.once('close', () => (answering -= 1));
    };
    app.server.on('request', count);
    const next = () => {
      if (answering > 0) return void setTimeout(next, 10);
      const serializer = queue.shift();
      if (!serializer) {
        app.server.off('request', count);
        return finished();
      }
      try {
        serializer.compile();
      } catch (error) {
        // Its first answer compiles it again and answers the error as before.
        app.log.warn({ err: error, route: serializer.url }, 'a serializer could not be compiled ahead');
      }
      setImmediate(next);
    };
    setImmediate(next);
    ready();
  });
  return warm;
}
