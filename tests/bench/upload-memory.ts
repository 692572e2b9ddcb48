// Memory and answer size of audience uploads at their limits (issue 53): starts the bundled server
// as a child process, sends exports of up to 5 MB shaped as the limits allow their worst over HTTP
// on loopback, first one alone and then several at once, and prints for each its answers, seconds,
// answer size and the child's resident memory (VmRSS) before and at its peak, and the peak's
// growth per upload. Goal: under 64 MB per upload.
//
// Run: npx tsx tests/bench/upload-memory.ts
// BENCH_ROOT=<checkout> measures another checkout of the project (for before/after figures).
import { strToU8, zipSync } from 'fflate';
import { UPLOAD_MAX_BYTES, UPLOAD_MAX_CELLS } from '../../src/shared/audience.ts';
import { addDays } from '../../src/shared/calendar.ts';
import { benchUser, startBundledServer } from './support/bundled-server.ts';

const GOAL_MB = 64;
const PARALLEL = 4;
const server = await startBundledServer('bench-upload-memory');
const { base, rssMb } = server;
const { headers, userId } = await benchUser(server);

// The user's podcast, written as the test helper podcastOwnedBy writes it.
const db = server.sqlite();
const now = new Date().toISOString();
const podcastId = Number(
  db.prepare('INSERT INTO podcasts (title, created_at, updated_at) VALUES (?, ?, ?)').run('Bench', now, now)
    .lastInsertRowid,
);
db.prepare(
  "INSERT INTO memberships (podcast_id, user_id, role, active, created_at) VALUES (?, ?, 'owner', 1, ?)",
).run(podcastId, userId, now);
db.close();

type Answer = { status: number; bytes: number; body: string };
/** Every phase's growth of the peak per request. */
const growth: number[] = [];

async function send(path: string, init: RequestInit): Promise<Answer> {
  const response = await fetch(`${base}/api/podcasts/${podcastId}/${path}`, init);
  const body = await response.text();
  return { status: response.status, bytes: Buffer.byteLength(body), body };
}

const upload = (text: string) => {
  const form = new FormData();
  form.append('upload', new Blob([text], { type: 'text/csv' }), 'export.csv');
  return send('audience-uploads', { method: 'POST', headers, body: form });
};

const uploadZip = (bytes: Uint8Array) => {
  const form = new FormData();
  form.append('upload', new Blob([Buffer.from(bytes)], { type: 'application/zip' }), 'export.zip');
  return send('audience-uploads', { method: 'POST', headers, body: form });
};

const commit = (uploadId: number, mapping: Record<string, string>) =>
  send(`audience-uploads/${uploadId}:commit`, {
    method: 'POST',
    headers: { ...headers, 'content-type': 'application/json' },
    body: JSON.stringify({ mapping }),
  });

/** `count` requests at once while RSS is sampled every 10 ms; then 3 s for the process to settle. */
async function phase(label: string, count: number, request: (i: number) => Promise<Answer>) {
  const before = rssMb();
  let peak = before;
  const sampler = setInterval(() => (peak = Math.max(peak, rssMb())), 10);
  const started = performance.now();
  const answers = await Promise.all(Array.from({ length: count }, (_, i) => request(i)));
  const seconds = (performance.now() - started) / 1000;
  await new Promise((r) => setTimeout(r, 3000));
  clearInterval(sampler);
  peak = Math.max(peak, rssMb());
  const statuses = [...new Set(answers.map((a) => a.status))]
    .map((s) => `${answers.filter((a) => a.status === s).length}×${s}`)
    .join(' ');
  const bytes = Math.max(...answers.map((a) => a.bytes));
  const perUpload = (peak - before) / count;
  growth.push(perUpload);
  console.log(
    `${label.padEnd(58)} ${statuses.padEnd(6)} ${seconds.toFixed(1).padStart(5)} s   answer ${(bytes / 1024).toFixed(1).padStart(6)} KB   RSS before ${before.toFixed(0).padStart(4)} MB, peak ${peak.toFixed(0).padStart(4)} MB: +${perUpload.toFixed(0).padStart(3)} MB per upload`,
  );
  return { answers, perUpload };
}

/** Rows from `row(i)` after `header` until the file would pass `bytes` or `rows` rows. */
function file(header: string, row: (i: number) => string, rows = Infinity, bytes = UPLOAD_MAX_BYTES - 1024) {
  const lines = [header];
  let size = header.length + 1;
  for (let i = 0; i < rows; i++) {
    const line = row(i);
    if (size + line.length + 1 > bytes) break;
    lines.push(line);
    size += line.length + 1;
  }
  return `${lines.join('\n')}\n`;
}

const day = (i: number) => addDays('1990-01-01', i);
const exports = {
  'a header line of 2.6 million cells (422)': `Datum${',x'.repeat((UPLOAD_MAX_BYTES - 1024) / 2 - 3)}\n`,
  'a million rows of 2 short cells (422)': file('Datum,Downloads', (i) => `${i % 10},${i % 7}`),
  '200 columns × 1,250 rows of 19-digit cells (the limit)': file(
    Array.from({ length: 200 }, (_, i) => (i === 0 ? 'Datum' : `Wert ${i}`)).join(','),
    (i) => [day(i), ...Array.from({ length: 199 }, (_, j) => String(1e18 + i * 1000 + j))].join(','),
    UPLOAD_MAX_CELLS / 200,
  ),
  '3 columns × 83,333 rows with a note (the limit)': file(
    'Datum,Downloads,Notiz',
    (i) => `${day(i)},${1000 + (i % 5000)},Notiz zu Tag ${i}: ${'x'.repeat(20)}`,
    Math.floor(UPLOAD_MAX_CELLS / 3),
  ),
};

console.log(`server ${server.root}, pid ${server.pid}, after start: ${rssMb().toFixed(0)} MB`);
for (const [name, text] of Object.entries(exports)) {
  const label = `${name}, ${(text.length / 1024 / 1024).toFixed(1)} MB`;
  await phase(`${label}: one`, 1, () => upload(text));
  await phase(`${label}: ${PARALLEL} at once`, PARALLEL, () => upload(text));
}

// Apple's zip at its bounds (upload-zip.ts): 50 MB of zeros packed into 52 KB, and 20 reports
// that share the one budget of values (the 20th passes it: 422 after reading all of them).
const zips = {
  'a zip of 51 MB of zeros (422)': zipSync({ 'zeros.txt': new Uint8Array(51 * 1024 * 1024) }, { level: 1 }),
  '20 tab-delimited reports at the values budget': zipSync(
    Object.fromEntries(
      Array.from({ length: 20 }, (_, r) => [
        `Apple/report-${r}.txt`,
        strToU8(
          file(
            'Date\tPlays\tListeners',
            (i) => `${day(i).replaceAll('-', '')}\t${(i * 7) % 500}\t${i % 90}`,
            Math.floor(UPLOAD_MAX_CELLS / 3 / 20),
          ),
        ),
      ]),
    ),
  ),
};
for (const [name, bytes] of Object.entries(zips)) {
  const label = `${name}, ${(bytes.length / 1024).toFixed(0)} KB packed`;
  await phase(`${label}: one`, 1, () => uploadZip(bytes));
  await phase(`${label}: ${PARALLEL} at once`, PARALLEL, () => uploadZip(bytes));
}

// The commit of a file whose rows are unreadable but for the first 1,001 (so that its date column
// reads as dates): at most 100 listed, all counted. Three at once: an account keeps three pending.
const unreadable = file(
  'Datum,Downloads',
  (i) => (i <= 1000 ? `${day(i)},5` : `kein Datum in Zeile ${i + 2} ${'y'.repeat(20)},5`),
  UPLOAD_MAX_CELLS / 2,
);
const mapping = { date: 'Datum', downloads: 'Downloads' };
const rows = unreadable.split('\n').length - 2;
const label = `commit: ${rows} rows, all but 1,001 unreadable, ${(unreadable.length / 1024 / 1024).toFixed(1)} MB`;
const previewOf = async () => {
  const preview = await upload(unreadable);
  if (preview.status !== 201) throw new Error(`the preview was refused: ${preview.body.slice(0, 300)}`);
  return (JSON.parse(preview.body) as { data: { id: number } }).data.id;
};
const one = await previewOf();
const commits = [await phase(`${label}: one`, 1, () => commit(one, mapping))];
const three = [await previewOf(), await previewOf(), await previewOf()];
commits.push(await phase(`${label}: 3 at once`, 3, (i) => commit(three[i]!, mapping)));
for (const { answers } of commits) {
  const data = (JSON.parse(answers[0]!.body) as { data?: { errors: unknown[]; error_count?: number } }).data;
  console.log(
    `  the commit lists ${data?.errors.length} unreadable rows of ${data?.error_count ?? '(not counted)'}`,
  );
}
const worst = Math.max(...growth);
console.log(
  `worst growth ${worst.toFixed(0)} MB per upload or commit, settled ${rssMb().toFixed(0)} MB — goal under ${GOAL_MB} MB: ${worst < GOAL_MB ? 'met' : 'NOT met'}`,
);
server.stop();
