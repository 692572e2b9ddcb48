// What api-throughput.ts loads: a verified user with a fresh (trial, so Pro) podcast, one
// experiment started from a seeded method, and the reads and writes behind the app's screens.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { addDays, berlinDate } from '../../src/shared/calendar.ts';

export type Target = {
  name: string;
  path: string;
  /** Writes: sent with a new Idempotency-Key each (wrk-write.lua); reads are GETs. */
  write?: { method: 'POST' | 'PUT' | 'DELETE'; body: string };
};

/** Cookies and headers of a logged-in browser tab. */
export type Session = { cookie: string; headers: Record<string, string> };

const cookieOf = (response: Response, name: string) =>
  response.headers
    .getSetCookie()
    .find((c) => c.startsWith(`${name}=`))
    ?.split(';')[0];

/** Registers a user like the PWA does and follows the verification link from the mail outbox. */
async function verifiedSession(base: string, dataDir: string): Promise<Session> {
  const csrf = await fetch(`${base}/sanctum/csrf-cookie`);
  let xsrf = cookieOf(csrf, 'XSRF-TOKEN')!;
  const email = 'bench@example.org';
  const tokenHeaders = () => ({
    'content-type': 'application/json',
    'x-requested-with': 'XMLHttpRequest',
    'x-xsrf-token': decodeURIComponent(xsrf.split('=')[1]!),
  });
  const registration = await fetch(`${base}/api/account`, {
    method: 'POST',
    headers: { ...tokenHeaders(), cookie: xsrf },
    body: JSON.stringify({
      email,
      password: 'bench-passwort-1',
      password_confirmation: 'bench-passwort-1',
      terms: true,
      privacy: true,
    }),
  });
  if (registration.status !== 201) throw new Error(`registration: ${await registration.text()}`);
  const session = cookieOf(registration, 'kompass_session')!;
  xsrf = cookieOf(registration, 'XSRF-TOKEN') ?? xsrf;
  // The mail may be written outside the request, so wait for it.
  const outbox = join(dataDir, 'mail');
  let link: URL | undefined;
  for (let i = 0; i < 100 && !link; i++) {
    const files = existsSync(outbox) ? readdirSync(outbox).filter((f) => f.includes(email)) : [];
    const text = files
      .map((f) => readFileSync(join(outbox, f), 'latin1'))
      .join('\n')
      .replace(/=\r?\n/g, '')
      .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
    const match = text.match(/https?:\/\/\S+\/email\?\S+/);
    if (match) link = new URL(match[0]);
    else await new Promise((r) => setTimeout(r, 100));
  }
  if (!link) throw new Error(`no verification mail in ${outbox}`);
  const p = link.searchParams;
  const verify = await fetch(
    `${base}/api/email/verify/${p.get('id')}/${p.get('hash')}?expires=${p.get('expires')}&signature=${p.get('signature')}`,
    { headers: { cookie: session } },
  );
  if (!verify.ok) throw new Error(`verification: ${await verify.text()}`);
  return { cookie: `${session}; ${xsrf}`, headers: tokenHeaders() };
}

async function call<T>(base: string, session: Session, method: string, path: string, body?: unknown) {
  const response = await fetch(`${base}${path}`, {
    method,
    headers: { ...session.headers, cookie: session.cookie },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${await response.text()}`);
  return (await response.json()) as { data: T };
}

/** Sets up the user, podcast and experiment; returns the session and what to load. */
export async function prepareTargets(base: string, dataDir: string) {
  const session = await verifiedSession(base, dataDir);
  const api = <T>(method: string, path: string, body?: unknown) => call<T>(base, session, method, path, body);
  const categories = (await api<{ id: number }[]>('GET', '/api/categories')).data;
  const podcast = (
    await api<{ id: number }>('POST', '/api/podcasts', {
      title: 'Bench-Podcast',
      category_id: [categories[0]!.id, categories[1]!.id],
    })
  ).data;
  const p = `/api/podcasts/${podcast.id}`;
  const practices = (await api<{ id: number }[]>('GET', `${p}/practices?order=advice`)).data;
  const today = berlinDate(new Date()); // the app's today: in Berlin, not UTC
  const ends = addDays(today, 30);
  // A method with action steps, so the toggle has a step.
  let experiment: { id: number; actions?: { id: number }[] } | undefined;
  for (const practice of practices) {
    const started = (
      await api<{ id: number }>('POST', `${p}/experiments`, {
        practice_id: practice.id,
        starts_at: today,
        ends_at: ends,
      })
    ).data;
    experiment = (
      await api<{ id: number; actions?: { id: number }[] }>('GET', `/api/experiments/${started.id}`)
    ).data;
    if (experiment.actions?.length) break;
  }
  const e = `/api/experiments/${experiment!.id}`;
  const action = experiment!.actions![0]!.id;
  await api('POST', `${e}/comments`, { content: 'Erster Kommentar' });
  const write = (body: unknown) => ({ method: 'POST' as const, body: JSON.stringify(body) });
  const targets: Target[] = [
    { name: 'GET /api/practices/1', path: '/api/practices/1' },
    { name: 'GET /api/account', path: '/api/account' },
    { name: 'GET /api/account/context', path: '/api/account/context' },
    { name: 'GET podcast', path: p },
    { name: 'GET practices advice', path: `${p}/practices?order=advice` },
    { name: 'GET practices latest', path: `${p}/practices?order=latest` },
    { name: 'GET practices money', path: `${p}/practices?order=money` },
    { name: 'GET practices effort', path: `${p}/practices?order=effort` },
    { name: 'GET podcast practice', path: `${p}/practices/${practices[0]!.id}` },
    { name: 'GET experiments', path: `${p}/experiments` },
    { name: 'GET experiment', path: e },
    { name: 'GET events', path: `${e}/events` },
    { name: 'GET comments', path: `${e}/comments` },
    { name: 'GET assistances', path: `${p}/assistances` },
    { name: 'POST step toggle', path: `/api/experiments/actions/${action}`, write: write({}) },
    { name: "POST 'Alles erledigt'", path: `${e}/actions`, write: write({}) },
    { name: 'POST comment', path: `${e}/comments`, write: write({ content: 'Aufnahme steht' }) },
    { name: 'POST bookmark', path: `${p}/bookmarks`, write: write({ practice_id: practices[1]!.id }) },
    { name: 'POST metrics', path: `${p}/metrics`, write: write({ coverage: 120, throughput: 60 }) },
  ];
  // The toggle alternates (wrk-write.lua replaces the marker).
  targets.find((t) => t.name === 'POST step toggle')!.write!.body = '{"completed":%toggle%}';
  return { session, targets };
}
