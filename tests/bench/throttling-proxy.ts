// A loopback HTTP proxy that slows every answer down like a mobile network (Entscheidung TST-2).
// Page and worker share one link: each answer starts `latencyMs` after its request reached the proxy, and
// all bodies together pass at `bytesPerSecond`.
import { createServer, request, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export type Throttle = { latencyMs: number; bytesPerSecond: number };

/** Lighthouse's mobile profile: 150 ms round trip, 1.6 Mbit/s down. */
export const SLOW_4G: Throttle = { latencyMs: 150, bytesPerSecond: (1.6 * 1024 * 1024) / 8 };

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Starts the proxy for `target` (http://127.0.0.1:port); resolves to its own base URL and a stop. */
export async function startThrottlingProxy(target: string, { latencyMs, bytesPerSecond }: Throttle) {
  const upstream = new URL(target);
  // The moment the shared link is free again: each chunk books its transfer time after the last.
  let linkFreeAt = 0;
  const send = async (chunk: Buffer) => {
    const start = Math.max(Date.now(), linkFreeAt);
    linkFreeAt = start + (chunk.length / bytesPerSecond) * 1000;
    await sleep(linkFreeAt - Date.now());
  };
  const server: Server = createServer((incoming, outgoing) => {
    const started = Date.now();
    const forward = request(
      {
        host: upstream.hostname,
        port: upstream.port,
        method: incoming.method,
        path: incoming.url,
        headers: incoming.headers,
      },
      async (answer) => {
        await sleep(started + latencyMs - Date.now());
        outgoing.writeHead(answer.statusCode ?? 502, answer.headers);
        for await (const chunk of answer) {
          await send(chunk as Buffer);
          outgoing.write(chunk);
        }
        outgoing.end();
      },
    );
    forward.on('error', () => outgoing.destroy());
    incoming.pipe(forward);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    base: `http://127.0.0.1:${port}`,
    stop: () => {
      server.closeAllConnections();
      server.close();
    },
  };
}
