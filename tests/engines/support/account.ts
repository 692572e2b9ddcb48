// The podcaster's account and data for the engine journeys: registration and login through the
// screens, quick setup and the server's view through the API, called from inside the page with
// its own session (any engine can run a fetch; the page's CSRF token goes along as the app sends it).
import { vi } from 'vitest';
import { mailsTo } from '../../e2e/support/mailbox.ts';
import { findLink } from '../../e2e/support/mime.ts';
import { PASSWORD, VERIFY_SUBJECT } from '../../e2e/support/accounts.ts';
import type { JourneyPage } from './page.ts';

export { PASSWORD };

/** An answer of the API as the page's user: `{ status, body }`. */
export function api<T = unknown>(page: JourneyPage, method: string, path: string, data?: unknown) {
  return page.evaluate<{ status: number; body: T }>(
    `const [method, path, data] = arguments;
     const token = () => decodeURIComponent((document.cookie.match(/(?:^|; )XSRF-TOKEN=([^;]*)/) || [])[1] || '');
     const send = async () => {
       if (method !== 'GET' && !token()) await fetch('/sanctum/csrf-cookie', { credentials: 'same-origin' });
       const response = await fetch(path, {
         method,
         cache: 'no-store',
         credentials: 'same-origin',
         headers: {
           Accept: 'application/json',
           'X-Requested-With': 'XMLHttpRequest',
           'X-XSRF-TOKEN': token(),
           ...(data == null ? {} : { 'Content-Type': 'application/json' }),
         },
         body: data == null ? undefined : JSON.stringify(data),
       });
       const text = await response.text();
       return { status: response.status, body: text ? JSON.parse(text) : undefined };
     };
     return send();`,
    method,
    path,
    data,
  );
}

/** The data of a successful API answer. */
export async function apiData<T>(page: JourneyPage, method: string, path: string, data?: unknown) {
  const { status, body } = await api<{ data: T }>(page, method, path, data);
  if (status >= 300) throw new Error(`${method} ${path}: ${status} ${JSON.stringify(body)}`);
  return body?.data as T;
}

/** The link of the newest verification mail to `email`. */
async function verificationLink(email: string, mailDir: string) {
  return vi.waitFor(
    () => {
      const mail = mailsTo(email, mailDir)
        .filter((m) => VERIFY_SUBJECT.test(m.subject))
        .at(-1);
      const link = mail && findLink(mail, '/email');
      if (!link) throw new Error(`no verification mail to ${email}`);
      return link;
    },
    { timeout: 15_000, interval: 200 },
  );
}

/** Registers through the setup's two steps and confirms the address through the mailed link. */
export async function registerAndVerify(page: JourneyPage, email: string, mailDir: string) {
  await page.goto('/setup');
  await page.seeRole('heading', 'Podcast anlegen');
  await page.fill('Arbeitstitel', 'Unterwegs-Podcast');
  await page.click('button', 'Weiter');
  await page.seeRole('heading', 'Account erstellen');
  await page.fill('E-Mail-Adresse', email);
  await page.fill('Passwort', PASSWORD);
  await page.fill('Passwort wiederholen', PASSWORD);
  await page.click('checkbox', /Nutzungsbedingungen/);
  await page.click('checkbox', /Datenschutzerklärung/);
  await page.click('button', 'Account erstellen');
  await page.seeRole('heading', 'Vielen Dank für deine Registrierung!');
  await page.goto(await verificationLink(email, mailDir));
  await page.until(async () => {
    if (!(await page.path()).startsWith('/app/')) throw new Error(`still on ${await page.path()}`);
  });
}

/** Logs in through the login screen and waits for the screen it leads to (`to`). */
export async function login(page: JourneyPage, email: string, to: string) {
  await page.goto('/login');
  await page.fill('E-Mail-Adresse', email);
  await page.fill('Passwort', PASSWORD);
  await page.click('button', 'Anmelden');
  // Not just any /app/ path: the login leads to /app/dashboard, whose route goes on to the podcast.
  await page.until(async () => {
    if ((await page.path()) !== to) throw new Error(`on ${await page.path()}, not ${to}`);
  });
}

export async function logout(page: JourneyPage) {
  await page.click('button', 'Profilmenü');
  await page.click('menuitem', 'Logout');
  await page.until(async () => {
    if ((await page.path()) !== '/login') throw new Error(`still on ${await page.path()}`);
  });
}

/** A podcast of the page's user (a new one has 30 days of Studio Pro), selected. */
export async function podcastViaApi(page: JourneyPage, title: string) {
  const podcast = await apiData<{ id: number; title: string }>(page, 'POST', '/api/podcasts', {
    title,
    category_id: [1, 2],
  });
  await apiData(page, 'POST', `/api/account/context/${podcast.id}`);
  return podcast;
}

export type Step = { id: number; completed: boolean };

/** The experiment's steps and comments as the server holds them. */
export async function serverState(page: JourneyPage, experimentId: number) {
  const experiment = await apiData<{ actions: Step[] }>(page, 'GET', `/api/experiments/${experimentId}`);
  const comments = await apiData<{ content: string }[]>(
    page,
    'GET',
    `/api/experiments/${experimentId}/comments`,
  );
  return {
    completed: experiment.actions.filter((s) => s.completed).map((s) => s.id),
    comments: comments.map((c) => c.content),
  };
}

/** The outbox's changes as the page's IndexedDB holds them. */
export function outboxCount(page: JourneyPage) {
  return page.evaluate<number>(
    `return new Promise((resolve, reject) => {
       const open = indexedDB.open('kompass-offline');
       open.onerror = () => reject(open.error);
       open.onsuccess = () => {
         const db = open.result;
         if (!db.objectStoreNames.contains('outbox')) return resolve(0);
         const count = db.transaction('outbox').objectStore('outbox').count();
         count.onsuccess = () => resolve(count.result);
         count.onerror = () => reject(count.error);
       };
     });`,
  );
}
