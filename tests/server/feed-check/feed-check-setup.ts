// The Feed-Check suites' world: a seeded app that may fetch from loopback, a feed server with the
// fixture feeds' two covers, and the fixtures themselves ({{ORIGIN}} is filled in when served).
import { readFileSync } from 'node:fs';
import sharp from 'sharp';
import type { Config } from '../../../src/server/config.ts';
import { createTestApp } from '../helpers/test-app.ts';
import { startFeedServer } from '../feeds/feed-server.ts';

const png = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: { r: 20, g: 90, b: 160 } } })
    .png()
    .toBuffer();

export const fixture = (name: string) =>
  readFileSync(new URL(`../../fixtures/feeds/${name}`, import.meta.url), 'utf8');

/**
 * `smallCover`: the size of the faulty feed's cover (`/cover-klein.png`); the good one is 1400²; `config` adds
 * to the app's (the feed settings stay these).
 */
export async function feedCheckSetup(
  smallCover: [number, number] = [500, 400],
  config: Partial<Config> = {},
) {
  const server = await startFeedServer();
  const t = await createTestApp({
    seed: true,
    config: {
      ...config,
      feeds: {
        allowedHosts: [new URL(server.origin).host],
        onlyAllowedHosts: false,
        maxBytes: 3 * 1024 * 1024,
        timeoutMs: 5000,
      },
    },
  });
  const [small, good] = await Promise.all([png(...smallCover), png(1400, 1400)]);
  server.route('/cover-klein.png', (_req, res) => res.setHeader('content-type', 'image/png').end(small));
  server.route('/cover-gut.png', (_req, res) => res.setHeader('content-type', 'image/png').end(good));
  return { t, server };
}
