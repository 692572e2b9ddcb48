// A periodic job runs in one process at a time: two holders racing for one lease get one winner,
// the lease passes on only once it expired, and stopping a job hands it over at once.
import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { startPeriodicJob, takeLease } from '../../../src/server/jobs/lease.ts';
import { createTestApp } from '../helpers/test-app.ts';

describe('leases', () => {
  it('gives a lease to exactly one of many holders racing for it', async () => {
    const t = await createTestApp();
    const holders = Array.from({ length: 8 }, (_, i) => `process-${i}`);
    const won = await Promise.all(holders.map((holder) => takeLease(t.ctx, 'sweep', 60_000, holder)));
    expect(won.filter(Boolean)).toHaveLength(1);
    const winner = holders[won.indexOf(true)]!;

    // The holder renews its own lease; the others wait until it expired.
    expect(await takeLease(t.ctx, 'sweep', 60_000, winner)).toBe(true);
    const other = holders.find((h) => h !== winner)!;
    t.clock.advance(59_000);
    expect(await takeLease(t.ctx, 'sweep', 60_000, other)).toBe(false);
    t.clock.advance(2_000);
    expect(await takeLease(t.ctx, 'sweep', 60_000, other)).toBe(true);
    expect(await takeLease(t.ctx, 'sweep', 60_000, winner)).toBe(false);
    // Other jobs have leases of their own.
    expect(await takeLease(t.ctx, 'subscriptions', 60_000, winner)).toBe(true);
  });

  it('runs a periodic job only while it holds the lease, and lets go when stopped', async () => {
    const t = await createTestApp();
    const log = pino({ level: 'silent' });
    let runs = 0;
    const job = startPeriodicJob(t.ctx, log, 'sweep', 3_600_000, async () => void runs++);
    expect(await job.runOnce()).toBe(true);
    expect(runs).toBe(1);

    // Another process already holds the lease: this one does not run.
    expect(await takeLease(t.ctx, 'tips', 60_000, 'elsewhere')).toBe(true);
    const blocked = startPeriodicJob(t.ctx, log, 'tips', 3_600_000, async () => void runs++);
    expect(await blocked.runOnce()).toBe(false);
    expect(runs).toBe(1);
    await blocked.stop();

    await job.stop();
    expect(await takeLease(t.ctx, 'sweep', 60_000, 'next')).toBe(true);
  });
});
