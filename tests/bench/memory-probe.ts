// Loaded into the server by answer-cache-memory.ts (`node --expose-gc --import …`): on SIGUSR2 it
// runs a full garbage collection and writes the process's memory to BENCH_MEMORY_FILE, so the
// bench can tell what is kept (the heap after a collection) from what the collector has not
// given back yet (the RSS).
import { writeFileSync } from 'node:fs';

const file = process.env.BENCH_MEMORY_FILE;
const collect = (globalThis as { gc?: () => void }).gc;
if (file && collect) {
  process.on('SIGUSR2', () => {
    const rssBefore = process.memoryUsage().rss;
    collect();
    collect();
    const { rss, heapUsed, external, arrayBuffers } = process.memoryUsage();
    writeFileSync(file, JSON.stringify({ rssBefore, rss, heapUsed, external, arrayBuffers }));
  });
}
