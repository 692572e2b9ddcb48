// Memory under image uploads: starts the bundled server as a child process, uploads eight
// large-dimension images at once over HTTP on loopback, and prints the child's resident memory
// (VmRSS) before, at its peak and after it settled. Goal: the peak stays under 600 MB.
//
// Run: npx tsx tests/bench/image-memory.ts [rounds]
// BENCH_ROOT=<checkout> measures another checkout of the project (for before/after figures).
import sharp from 'sharp';
import { benchUser, startBundledServer } from './support/bundled-server.ts';

const rounds = Number(process.argv[2] ?? 3);
const PARALLEL = 8;
const GOAL_MB = 600;
const server = await startBundledServer('bench-image-memory');
const { base, rssMb, root, stop } = server;
const { headers } = await benchUser(server);

async function upload(bytes: Buffer, name: string) {
  const form = new FormData();
  form.append('upload', new Blob([new Uint8Array(bytes)], { type: 'image/png' }), name);
  const response = await fetch(`${base}/api/account/image`, { method: 'POST', headers, body: form });
  await response.arrayBuffer();
  return response.status;
}

/** Eight uploads at once while RSS is sampled every 10 ms; then 5 s for the process to settle. */
async function phase(label: string, bytes: Buffer, name: string) {
  const before = rssMb();
  let peak = before;
  const sampler = setInterval(() => (peak = Math.max(peak, rssMb())), 10);
  const started = performance.now();
  const statuses = await Promise.all(Array.from({ length: PARALLEL }, () => upload(bytes, name)));
  const seconds = (performance.now() - started) / 1000;
  await new Promise((r) => setTimeout(r, 5000));
  clearInterval(sampler);
  const settled = rssMb();
  peak = Math.max(peak, settled);
  const counts = Object.entries(
    statuses.reduce<Record<number, number>>((acc, s) => ((acc[s] = (acc[s] ?? 0) + 1), acc), {}),
  )
    .map(([status, n]) => `${n}×${status}`)
    .join(' ');
  console.log(
    `${label.padEnd(44)} ${counts.padEnd(8)} ${seconds.toFixed(1).padStart(5)} s   before ${before.toFixed(0).padStart(5)} MB   peak ${peak.toFixed(0).padStart(5)} MB   settled ${settled.toFixed(0).padStart(5)} MB`,
  );
  return peak;
}

const png = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: '#0f766e' } })
    .png({ compressionLevel: 9 })
    .toBuffer();
const strip = await png(100_000, 400); // the 117 KB file of the issue: 40 MP in a strip
const limit = await png(8000, 5000); // the largest image the new limits accept

// Loads sharp and libvips once, and proves the session can upload: a bench whose uploads are
// all refused would measure nothing and still report the goal met.
const warm = await upload(await png(64, 64), 'warm.png');
if (warm !== 200) throw new Error(`the bench user cannot upload (status ${warm})`);
console.log(`server ${root}, pid ${server.pid}, after start and one small upload: ${rssMb().toFixed(0)} MB`);
let peak = 0;
for (let round = 1; round <= rounds; round++) {
  peak = Math.max(
    peak,
    await phase(
      `round ${round}: 8 × PNG 100000×400 (${(strip.length / 1024).toFixed(0)} KB)`,
      strip,
      'strip.png',
    ),
  );
  peak = Math.max(
    peak,
    await phase(
      `round ${round}: 8 × PNG 8000×5000 (${(limit.length / 1024).toFixed(0)} KB)`,
      limit,
      'limit.png',
    ),
  );
}
console.log(
  `peak RSS ${peak.toFixed(0)} MB, settled ${rssMb().toFixed(0)} MB — goal under ${GOAL_MB} MB: ${peak < GOAL_MB ? 'met' : 'NOT met'}`,
);
stop();
