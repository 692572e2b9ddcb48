// The servers the Lighthouse bench (lighthouse.ts) measures: a bare Vite + React page served
// gzipped like any static host, the built app as `npm start` runs it, and a loopback proxy that
// gzips what the app sends uncompressed. All listen on 127.0.0.1; `close` stops them.
import type { ChildProcess } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { createServer, request, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { extname, join, normalize } from 'node:path';
import { gzipSync } from 'node:zlib';
import react from '@vitejs/plugin-react';
import { build } from 'vite';
import { startBuiltApp } from '../support/loopback-server.ts';

const types: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
};
const compressible = /^(text\/|application\/(json|javascript|manifest\+json)|image\/svg)/;

/** The servers, with their files in `temp`; the app is the build in `appDir`. */
export function benchServers(temp: string, appDir: string) {
  const children: ChildProcess[] = [];
  const servers: Server[] = [];

  function listen(server: Server): Promise<number> {
    servers.push(server);
    return new Promise((resolve) =>
      server.listen(0, '127.0.0.1', () => resolve((server.address() as AddressInfo).port)),
    );
  }

  /** The bare page: built with Vite's API from tests/bench/bare-page, served gzipped like any static host. */
  async function startBarePage() {
    const outDir = join(temp, 'bare');
    await build({
      root: join(import.meta.dirname, 'bare-page'),
      configFile: false,
      logLevel: 'warn',
      plugins: [react()],
      build: { outDir, emptyOutDir: true },
    });
    const server = createServer((req, res) => {
      const path = normalize(new URL(req.url ?? '/', 'http://x').pathname).replace(/^(\.\.[/\\])+/, '');
      const file = join(outDir, path.endsWith('/') ? `${path}index.html` : path);
      if (!file.startsWith(outDir) || !existsSync(file)) {
        res.writeHead(404).end();
        return;
      }
      const type = types[extname(file)] ?? 'application/octet-stream';
      let body = readFileSync(file);
      const headers: Record<string, string> = { 'content-type': type, 'cache-control': 'no-cache' };
      if (compressible.test(type) && /\bgzip\b/.test(req.headers['accept-encoding'] ?? '')) {
        body = gzipSync(body);
        headers['content-encoding'] = 'gzip';
      }
      res.writeHead(200, headers).end(body);
    });
    return `http://127.0.0.1:${await listen(server)}/`;
  }

  /** The built app, as `npm start` runs it, on a fresh data directory. */
  async function startApp() {
    const app = await startBuiltApp(appDir, join(temp, 'data'));
    children.push(app.child);
    return app.base;
  }

  /** A loopback proxy that gzips what the app sends uncompressed. */
  async function startGzipProxy(target: string) {
    const { port } = new URL(target);
    const server = createServer((req, res) => {
      const upstream = request(
        { host: '127.0.0.1', port, path: req.url, method: req.method, headers: req.headers },
        (answer: IncomingMessage) => {
          const chunks: Buffer[] = [];
          answer.on('data', (c: Buffer) => chunks.push(c));
          answer.on('end', () => {
            let body = Buffer.concat(chunks);
            const headers = { ...answer.headers };
            const type = String(headers['content-type'] ?? '');
            const accepts = /\bgzip\b/.test(req.headers['accept-encoding'] ?? '');
            if (accepts && !headers['content-encoding'] && compressible.test(type) && body.length > 1024) {
              body = gzipSync(body);
              headers['content-encoding'] = 'gzip';
              headers['content-length'] = String(body.length);
              delete headers['transfer-encoding'];
            }
            res.writeHead(answer.statusCode ?? 502, headers).end(body);
          });
        },
      );
      req.pipe(upstream);
    });
    return `http://127.0.0.1:${await listen(server)}`;
  }

  async function close() {
    for (const child of children) child.kill('SIGTERM');
    await Promise.all(servers.map((s) => new Promise((r) => s.close(r))));
  }

  return { startBarePage, startApp, startGzipProxy, close };
}
