// Crash durability: every write the server acknowledged before a `kill -9` is there after a
// restart on the same data (SQLite in WAL mode; PostgreSQL when TEST_DATABASE_URL is set).
// Real server process, real HTTP on loopback, mails to a local SMTP server.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { startSmtp } from '../helpers/smtp.ts';
import { freshPostgres } from '../helpers/test-app.ts';
import { Client, killHard, startServer, type ServerProcess } from './server-process.ts';

const PASSWORD = 'ein-langes-passwort-zum-absturz';
const USERS = 6;
/** Acknowledged writes (of them registrations) after which the server is killed, with more in flight. */
const KILL_AFTER = { writes: 30, registrations: 4 };

const smtp = await startSmtp();
const adminUrl = process.env.TEST_DATABASE_URL;
const env = {
  DATA_DIR: mkdtempSync(join(tmpdir(), 'kompass-crash-')),
  DATABASE_URL: adminUrl ? await freshPostgres(adminUrl) : '',
  SMTP_URL: smtp.url,
  APP_URL: 'http://studio.test',
  // The clients come through a proxy on loopback, each with an address of its own, so per-IP
  // throttles on registration do not cut the burst short.
  TRUST_PROXY: '127.0.0.1',
};
const servers: ServerProcess[] = [];
afterAll(async () => {
  for (const server of servers) await killHard(server);
  await smtp.close();
});

let clients = 0;
const client = (server: ServerProcess) =>
  new Client(server.url, { 'x-forwarded-for': `127.77.${++clients >> 8}.${clients & 255}` });

type Account = { client: Client; email: string; acked?: string; inflight?: string };

async function register(server: ServerProcess, email: string): Promise<Account> {
  const account = { client: client(server), email };
  await account.client.request('GET', '/sanctum/csrf-cookie');
  const response = await account.client.request('POST', '/api/account', {
    email,
    password: PASSWORD,
    password_confirmation: PASSWORD,
    terms: true,
    privacy: true,
  });
  if (response.status !== 201) throw new Error(`registration ${response.status}: ${response.text}`);
  return account;
}

async function verify(account: Account) {
  const deadline = Date.now() + 30_000;
  for (;;) {
    try {
      const p = smtp.link(account.email, '/email').searchParams;
      const path = `/api/email/verify/${p.get('id')}/${p.get('hash')}?expires=${p.get('expires')}&signature=${p.get('signature')}`;
      const response = await account.client.request('GET', path);
      if (response.status !== 200) throw new Error(`verification ${response.status}: ${response.text}`);
      return;
    } catch (error) {
      // The mail may still be on its way (sent outside the request).
      if (Date.now() > deadline) throw error;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
}

/** One profile write; remembers what was acknowledged and what was in flight when it failed. */
async function rename(account: Account, username: string) {
  account.inflight = username;
  const response = await account.client.request('PUT', '/api/account/profile', { username });
  if (response.status !== 200) throw new Error(`profile ${response.status}: ${response.text}`);
  account.acked = username;
  account.inflight = undefined;
}

describe(`kill -9 (${adminUrl ? 'PostgreSQL' : 'SQLite WAL'})`, () => {
  it('keeps every acknowledged write', { timeout: 240_000 }, async () => {
    const first = await startServer(env);
    servers.push(first);

    // Burst 1: accounts that then write their profile over and over.
    const accounts = await Promise.all(
      Array.from({ length: USERS }, (_, i) => register(first, `absturz-${i}@example.org`)),
    );
    for (const account of accounts) await verify(account);
    await Promise.all(accounts.map((a, i) => rename(a, `Name ${i}-0`)));

    // Burst 2: registrations and profile writes in parallel until the server is killed mid-way.
    const registered: Account[] = [...accounts];
    let acked = 0;
    let cutOff = 0;
    let killed: Promise<void> | undefined;
    const acknowledge = () => {
      acked++;
      const enough = acked >= KILL_AFTER.writes && registered.length - USERS >= KILL_AFTER.registrations;
      if (enough && !killed) killed = killHard(first);
    };
    const loop = async (write: (n: number) => Promise<void>) => {
      for (let n = 1; !killed; n++) {
        try {
          await write(n);
          acknowledge();
        } catch (error) {
          if (!killed) throw error;
          cutOff++;
        }
      }
    };
    await Promise.all([
      ...accounts.map((account, i) => loop((n) => rename(account, `Name ${i}-${n}`))),
      ...[0, 1].map((w) =>
        loop(async (n) => void registered.push(await register(first, `neu-${w}-${n}@example.org`))),
      ),
    ]);
    await killed;
    expect(acked).toBeGreaterThanOrEqual(KILL_AFTER.writes);
    // The kill came in the middle of writes, not after them.
    expect(cutOff).toBeGreaterThan(0);

    // Restarted on the same data and port: the clients keep their cookies.
    const second = await startServer(env, first.port);
    servers.push(second);
    const lost: string[] = [];
    for (const account of registered) {
      const response = await account.client.request('GET', '/api/account');
      const user = response.status === 200 ? (response.json() as { data: User }).data : undefined;
      if (user?.email !== account.email) {
        lost.push(`${account.email}: ${response.status} ${response.text.slice(0, 200)}`);
        continue;
      }
      // A write cut off by the kill may or may not have landed; the acknowledged one or later must.
      const allowed = [account.acked, account.inflight].filter(Boolean);
      if (account.acked && !allowed.includes(user.profile?.username)) {
        lost.push(`${account.email}: Profil „${user.profile?.username}“, bestätigt war „${account.acked}“`);
      }
    }
    expect(lost, `${registered.length} Konten, ${acked} bestätigte Schreibvorgänge`).toEqual([]);
    await killHard(second);
  });
});

type User = { email: string; profile: { username: string } | null };
