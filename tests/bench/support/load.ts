// The load of the restart and failover benches: members who write comments (each with its
// Idempotency-Key, sent again with the same key after a 503, 409 or a lost connection until
// acknowledged, as the PWA's outbox does) and members who read their podcast. Counts every
// answer; a 503 counts as expected only while the bench says an outage is on, and with Retry-After.
import { randomUUID } from 'node:crypto';
import type pg from 'pg';
import { Client } from '../../server/durability/server-process.ts';
import { addDays, berlinDate } from '../../../src/shared/calendar.ts';

const PASSWORD = 'ein-langes-passwort-fuer-den-neustart';
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export type Member = { client: Client; podcastId: number; experimentId: number };
export type Ack = { content: string; sentAt: number; ackedAt: number };

/**
 * `count` members through `base` (verified directly in the database through `db`: no mail round
 * trip), each with a podcast and a running experiment. `prefix` names their comments too.
 */
export async function createMembers(base: string, db: pg.Pool, count: number, prefix: string) {
  const categories = (await db.query('SELECT id FROM categories ORDER BY id LIMIT 2')).rows.map((r) => r.id);
  const practiceId = (await db.query('SELECT id FROM practices ORDER BY id LIMIT 1')).rows[0].id;
  const today = berlinDate(new Date()); // the app's today: in Berlin, not UTC
  return Promise.all(
    Array.from({ length: count }, async (_, n): Promise<Member> => {
      const client = new Client(base, { 'x-forwarded-for': `127.88.0.${n + 1}` });
      const email = `${prefix.toLowerCase()}-${n}-${randomUUID().slice(0, 8)}@example.org`;
      await client.request('GET', '/sanctum/csrf-cookie');
      const registered = await client.request('POST', '/api/account', {
        email,
        password: PASSWORD,
        password_confirmation: PASSWORD,
        terms: true,
        privacy: true,
      });
      if (registered.status !== 201) throw new Error(`registration: ${registered.status} ${registered.text}`);
      await db.query('UPDATE users SET email_verified_at = $1 WHERE email = $2', [
        new Date().toISOString(),
        email,
      ]);
      const podcast = await client.request('POST', '/api/podcasts', {
        title: `${prefix} ${n}`,
        category_id: categories,
      });
      if (podcast.status !== 201) throw new Error(`podcast: ${podcast.status} ${podcast.text}`);
      const podcastId = (podcast.json() as { data: { id: number } }).data.id;
      const experiment = await client.request('POST', `/api/podcasts/${podcastId}/experiments`, {
        practice_id: practiceId,
        starts_at: today,
        ends_at: addDays(today, 14),
      });
      if (experiment.status !== 201) throw new Error(`experiment: ${experiment.status} ${experiment.text}`);
      return { client, podcastId, experimentId: (experiment.json() as { data: { id: number } }).data.id };
    }),
  );
}

export class Load {
  readonly counts = { sent: 0, ok: 0, outage503: 0, other: 0 };
  readonly otherErrors = new Map<string, number>();
  /** Every write acknowledged with a 2xx: its content, when its last try was sent and answered. */
  readonly acked: Ack[] = [];
  /** While true, a 503 is the outage's (counted apart); else it is an error. */
  outage = false;
  /** What the orchestrator is doing, named beside every other error. */
  phase = 'steady load';
  private running = true;
  private loops: Promise<void>[] = [];

  /** `prefix` starts every comment's text (the bench counts them by it afterwards). */
  constructor(private readonly prefix: string) {}

  /** Sends one request and counts its answer; a lost connection (status 0) counts as an error. */
  async send(client: Client, method: string, path: string, body?: unknown, headers?: Record<string, string>) {
    this.counts.sent++;
    let status: number;
    let text: string;
    let retryAfter: string | null = null;
    try {
      const response = await client.request(method, path, body, headers);
      status = response.status;
      text = response.text;
      retryAfter = response.headers.get('retry-after');
    } catch (error) {
      status = 0;
      text = String((error as Error).cause ?? error);
    }
    if (status >= 200 && status < 300) this.counts.ok++;
    // An outage's 503 tells the client when to try again; one without Retry-After is an error.
    else if (status === 503 && this.outage && retryAfter !== null) this.counts.outage503++;
    else {
      this.counts.other++;
      const bare = status === 503 && retryAfter === null ? ' without Retry-After' : '';
      const key = `${method} ${status}${bare} ${text.slice(0, 120)} (${this.phase})`;
      this.otherErrors.set(key, (this.otherErrors.get(key) ?? 0) + 1);
    }
    return status;
  }

  private async writer(member: Member, n: number) {
    for (let i = 0; this.running; i++) {
      const content = `${this.prefix} ${n}-${i} ${randomUUID()}`;
      const key = randomUUID();
      // Sent again with the same key until acknowledged: the key makes the retry safe.
      for (;;) {
        const sentAt = Date.now();
        const status = await this.send(
          member.client,
          'POST',
          `/api/experiments/${member.experimentId}/comments`,
          { content },
          { 'idempotency-key': key },
        );
        if (status === 201) {
          this.acked.push({ content, sentAt, ackedAt: Date.now() });
          break;
        }
        if (status !== 503 && status !== 409 && status !== 502 && status !== 0) break;
        await sleep(200);
      }
      await sleep(20);
    }
  }

  private async reader(member: Member) {
    while (this.running) {
      await this.send(member.client, 'GET', `/api/podcasts/${member.podcastId}`);
      await sleep(20);
    }
  }

  /** Starts a writer for each of `writers` and a reader for each of `readers`. */
  start(writers: Member[], readers: Member[]) {
    this.loops = [...writers.map((m, n) => this.writer(m, n)), ...readers.map((m) => this.reader(m))];
  }

  /** Stops the loops; resolves once every request out has its answer. */
  async stop() {
    this.running = false;
    await Promise.all(this.loops);
  }

  /** The first write that was sent after `at` and acknowledged: when it was answered. */
  firstAckAfter(at: number) {
    return this.acked.filter((a) => a.sentAt >= at).sort((a, b) => a.ackedAt - b.ackedAt)[0]?.ackedAt;
  }

  /** Prints the answers' figures (and each other error with its count). */
  print(outageLabel: string) {
    console.log(`\nrequests sent:                 ${this.counts.sent}`);
    console.log(`2xx:                           ${this.counts.ok}`);
    console.log(`${`503 ${outageLabel}:`.padEnd(30)} ${this.counts.outage503}`);
    console.log(`other errors:                  ${this.counts.other}`);
    for (const [error, n] of this.otherErrors) console.log(`  ${n} × ${error}`);
  }
}

/** Of the comments whose text starts with `prefix`: the acknowledged ones absent, and those stored twice. */
export async function countWrites(db: pg.ClientBase, prefix: string, acked: Ack[]) {
  const { rows } = await db.query<{ content: string; n: string }>(
    'SELECT content, count(*) AS n FROM comments WHERE content LIKE $1 GROUP BY content',
    [`${prefix} %`],
  );
  const stored = new Map(rows.map((r) => [r.content, Number(r.n)]));
  return {
    lost: acked.filter((a) => !stored.has(a.content)).length,
    doubled: rows.filter((r) => Number(r.n) > 1).length,
    stored: rows.length,
  };
}
