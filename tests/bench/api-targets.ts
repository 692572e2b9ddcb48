// What api-throughput.ts loads: a verified user with a fresh (trial, so Pro) podcast, one
// experiment started from a seeded method, and the reads and writes behind the app's screens.
// The step toggle is ten such accounts' (this one and nine more), each ticking the steps of its own
// podcast's experiment: see TEAM below.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { addDays, berlinDate } from '../../src/shared/calendar.ts';

export type Target = {
  name: string;
  path: string;
  /** Writes: sent with a new Idempotency-Key each (wrk-write.lua); reads are GETs. */
  write?: { method: 'POST' | 'PUT' | 'DELETE'; body: string };
  /**
   * A write several accounts make: each request goes to the next of these paths with its account's
   * session (wrk-write.lua); `path` is the first's, which a single request (api-cpu.ts) sends.
   */
  by?: { path: string; session: Session }[];
};

/** Cookies and headers of a logged-in browser tab. */
export type Session = { cookie: string; headers: Record<string, string> };

const cookieOf = (response: Response, name: string) =>
  response.headers
    .getSetCookie()
    .find((c) => c.startsWith(`${name}=`))
    ?.split(';')[0];

/** Registers a user like the PWA does and follows the verification link from the mail outbox. */
export async function verifiedSession(base: string, dataDir: string, email: string): Promise<Session> {
  const csrf = await fetch(`${base}/sanctum/csrf-cookie`);
  let xsrf = cookieOf(csrf, 'XSRF-TOKEN')!;
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

/** A new (trial, so Pro) podcast of the session's account and an experiment with action steps. */
export async function podcastWithExperiment(base: string, session: Session) {
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
  // A method with action steps, so the toggle has steps.
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
  return { api, p, practices, experiment: experiment!, steps: experiment!.actions!.map((a) => a.id) };
}

// The step toggle as ten accounts with a podcast each tick their own experiment's steps (each
// request the next account's next step). Ten, as the registration throttle lets one client make ten
// accounts an hour (the bench's own is the first). Not one step from all 32 connections: no team
// ticks one step 32 times at once, and those writes waited for each other on the step's row lock,
// so that figure measured how long a transaction holds its lock, not a podcaster's write
// (2026-12-07).
const TEAM = 10;

/** Sets up the user, podcast and experiment; returns the session and what to load. */
export async function prepareTargets(base: string, dataDir: string) {
  const session = await verifiedSession(base, dataDir, 'bench@example.org');
  const { api, p, practices, experiment, steps } = await podcastWithExperiment(base, session);
  const team = [{ session, steps }];
  for (let i = 1; i < TEAM; i++) {
    const member = await verifiedSession(base, dataDir, `bench-team-${i}@example.org`);
    team.push({ session: member, steps: (await podcastWithExperiment(base, member)).steps });
  }
  // Every account's first step, then every account's second …, so the requests in flight at once
  // are different accounts' (a podcast's writes wait for each other only at its count's commit).
  const depth = Math.max(...team.map((t) => t.steps.length));
  const ticks = Array.from({ length: depth }, (_, n) =>
    team.flatMap((t) =>
      n < t.steps.length ? [{ path: `/api/experiments/actions/${t.steps[n]}`, session: t.session }] : [],
    ),
  ).flat();
  const e = `/api/experiments/${experiment.id}`;
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
    // A flip (no `completed`): every request changes its step, as a user's tick does; the app's
    // `{completed}` is the same UPDATE, but wrk cannot know a step's state after its last run.
    { name: 'POST step toggle', path: ticks[0]!.path, write: write({}), by: ticks },
    { name: "POST 'Alles erledigt'", path: `${e}/actions`, write: write({}) },
    { name: 'POST comment', path: `${e}/comments`, write: write({ content: 'Aufnahme steht' }) },
    { name: 'POST bookmark', path: `${p}/bookmarks`, write: write({ practice_id: practices[1]!.id }) },
    { name: 'POST metrics', path: `${p}/metrics`, write: write({ coverage: 120, throughput: 60 }) },
  ];
  return { session, targets, podcast: p, practice: practices[0]!.id };
}
