// JSON answers of the API above 1 KB go out compressed (brotli or gzip, as the client accepts).
// The built PWA is not compressed here: @fastify/static sends the .br/.gz copies written at build
// time, and files without a copy are too small to gain from it.
import compress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';

const API = /^\/(api|sanctum)\//;

export async function registerCompression(app: FastifyInstance) {
  // Runs before the plugin's own onRoute hook, which then leaves these routes alone.
  app.addHook('onRoute', (route) => {
    if (!API.test(route.url) && route.compress === undefined) route.compress = false;
  });
  await app.register(compress, {
    encodings: ['br', 'gzip'],
    threshold: 1024,
    customTypes: /^application\/json/,
    // Request bodies stay as sent: no compressed uploads to unpack.
    globalDecompression: false,
  });
}
