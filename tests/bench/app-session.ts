// The logged-in user the Lighthouse bench measures the app screens with: registered and verified
// through the API (the verification link from the mail the server wrote to its outbox folder), with
// a Pro (trial) podcast and an experiment on method 1, as a new podcaster has them.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { request, type APIRequestContext } from '@playwright/test';
import { addDays, berlinDate } from '../../src/shared/calendar.ts';
import { findLink, parseMail } from '../e2e/support/mime.ts';

const PASSWORD = 'Kompass-Bench-2026!';

async function xsrf(api: APIRequestContext) {
  await api.get('/sanctum/csrf-cookie');
  const cookie = (await api.storageState()).cookies.find((c) => c.name === 'XSRF-TOKEN');
  return {
    Accept: 'application/json',
    'X-Requested-With': 'XMLHttpRequest',
    'X-XSRF-TOKEN': decodeURIComponent(cookie?.value ?? ''),
  };
}

async function write(api: APIRequestContext, method: 'POST' | 'PUT', path: string, data?: unknown) {
  const response = await api.fetch(path, { method, headers: await xsrf(api), data });
  if (!response.ok()) throw new Error(`${method} ${path}: ${response.status()} ${await response.text()}`);
  return response.status() === 204 ? undefined : ((await response.json()) as { data: unknown }).data;
}

/** The link of the verification mail to `email` in the server's mail folder. */
function verificationLink(mailDir: string, email: string) {
  for (const file of readdirSync(mailDir).filter((f) => f.includes(email))) {
    const link = findLink(parseMail(readFileSync(join(mailDir, file), 'utf8')), '/email');
    if (link) return new URL(link);
  }
  throw new Error(`no verification mail to ${email} in ${mailDir}`);
}

export type AppSession = { cookie: string; podcastId: number; experimentId: number; practiceId: number };

/** A verified user with a podcast and an experiment; `cookie` is the Cookie header of the session. */
export async function createAppSession(base: string, mailDir: string): Promise<AppSession> {
  const api = await request.newContext({ baseURL: base });
  try {
    const email = `bench-${Date.now().toString(36)}@example.com`;
    await write(api, 'POST', '/api/account', {
      email,
      password: PASSWORD,
      password_confirmation: PASSWORD,
      terms: true,
      privacy: true,
    });
    let link: URL | undefined;
    for (let i = 0; i < 100 && !link; i++) {
      try {
        link = verificationLink(mailDir, email);
      } catch {
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    }
    if (!link) link = verificationLink(mailDir, email);
    const { id, hash, expires, signature } = Object.fromEntries(link.searchParams);
    const verified = await api.get(`/api/email/verify/${id}/${hash}`, {
      params: { expires: expires!, signature: signature! },
      headers: await xsrf(api),
    });
    if (!verified.ok()) throw new Error(`verification: ${verified.status()} ${await verified.text()}`);

    const podcast = (await write(api, 'POST', '/api/podcasts', {
      title: 'Bench-Podcast',
      category_id: [1, 2],
    })) as { id: number };
    await write(api, 'POST', `/api/account/context/${podcast.id}`);
    const today = berlinDate(new Date());
    const practiceId = 1;
    const experiment = (await write(api, 'POST', `/api/podcasts/${podcast.id}/experiments`, {
      practice_id: practiceId,
      starts_at: today,
      ends_at: addDays(today, 14),
    })) as { id: number };
    const cookies = (await api.storageState()).cookies;
    return {
      cookie: cookies.map((c) => `${c.name}=${c.value}`).join('; '),
      podcastId: podcast.id,
      experimentId: experiment.id,
      practiceId,
    };
  } finally {
    await api.dispose();
  }
}
