// Pushing new tips outside the request that caused them (like the mail queue): evaluateTips puts
// one job per new tip into `push_queue` in the tip's own transaction, and a worker in every
// process claims due jobs (one conditional update, so each job is sent by one process) and sends
// the tip to every subscribed device of the podcast's active members, while the podcast is Pro.
// A device whose push service answers 404 or 410 is gone and its subscription is removed; other
// failures are logged and the device kept. A job is sent once; only a process that died while
// sending leaves it to be sent again after its lease (at most MAX_ATTEMPTS claims).
import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '../clock.ts';
import type { Config } from '../config.ts';
import type { PushQueue } from '../context.ts';
import type { Database, Db } from '../db/database.ts';
import { claimRow, queueWorker } from '../jobs/job-queue.ts';
import { planColumns, planOf } from '../access/plan.ts';
import { sendPush, type Device } from './push-sender.ts';
import { tipPayload } from './tip-payload.ts';
import type { VapidKeys } from './vapid.ts';

const LEASE_MS = 60_000;
const MAX_ATTEMPTS = 3;
/** Pushes in flight at once for one tip. */
const PARALLEL = 8;

/** Queues the push of a new tip; pass the transaction that inserted the tip. */
export async function queueTipPush(tx: Db, assistanceId: number, now: Date) {
  await tx
    .insertInto('push_queue')
    .values({ assistance_id: assistanceId, created_at: now.toISOString(), run_at: now.getTime() })
    .onConflict((oc) => oc.column('assistance_id').doNothing())
    .execute();
}

export function createPushQueue(
  ctx: { db: Database; clock: Clock; config: Config },
  vapid: VapidKeys,
  log: FastifyBaseLogger,
  intervalMs = 2_000,
): PushQueue {
  const { db, clock, config } = ctx;
  async function pushTo(device: Device & { id: number }, payload: ReturnType<typeof tipPayload>) {
    try {
      const status = await sendPush(config.push, vapid, device, payload);
      if (status === 404 || status === 410) {
        await db.deleteFrom('push_subscriptions').where('id', '=', device.id).execute();
        log.info({ subscription: device.id, status }, 'push subscription expired, removed');
      } else if (status < 200 || status > 299) {
        log.warn({ subscription: device.id, status }, 'push refused by the push service');
      }
    } catch (error) {
      log.warn({ err: error, subscription: device.id }, 'push failed');
    }
  }

  async function deliver(assistanceId: number) {
    const now = clock.now();
    const tip = await db
      .selectFrom('assistances')
      .innerJoin('podcasts', 'podcasts.id', 'assistances.podcast_id')
      .select([
        'assistances.id',
        'assistances.subject',
        'assistances.message',
        'podcasts.id as podcast_id',
        'podcasts.title',
        'podcasts.created_at',
        'podcasts.trial_days',
        'podcasts.pro_until',
      ])
      .select(planColumns(now))
      .where('assistances.id', '=', assistanceId)
      .executeTakeFirst();
    // Pro only: a podcast that fell back to Basic since the tip was made gets no push.
    if (!tip || !planOf(tip, now).active) return;
    const devices = await db
      .selectFrom('push_subscriptions')
      .innerJoin('memberships', 'memberships.user_id', 'push_subscriptions.user_id')
      .select(['push_subscriptions.id', 'endpoint', 'p256dh', 'auth'])
      .where('memberships.podcast_id', '=', tip.podcast_id)
      .where('memberships.active', '=', 1)
      .orderBy('push_subscriptions.id')
      .execute();
    const payload = tipPayload(tip, tip.title);
    for (let i = 0; i < devices.length; i += PARALLEL) {
      await Promise.all(devices.slice(i, i + PARALLEL).map((device) => pushTo(device, payload)));
    }
  }

  async function tick() {
    const now = clock.now().getTime();
    const due = await db
      .selectFrom('push_queue')
      .select(['id', 'assistance_id', 'attempts'])
      .where('sent_at', 'is', null)
      .where('run_at', '<=', now)
      .where('attempts', '<', MAX_ATTEMPTS)
      .where((eb) => eb.or([eb('locked_until', 'is', null), eb('locked_until', '<=', now)]))
      .orderBy('id')
      .limit(20)
      .execute();
    for (const job of due) {
      if (worker.stopped) return;
      if (!(await claimRow(db, 'push_queue', job.id, job.attempts, clock.now().getTime(), LEASE_MS)))
        continue;
      await deliver(job.assistance_id);
      await db
        .updateTable('push_queue')
        .set({ sent_at: clock.now().toISOString(), locked_until: null })
        .where('id', '=', job.id)
        .execute();
    }
  }

  const worker = queueWorker('push queue', tick, log, intervalMs, db.faults);
  return worker;
}
