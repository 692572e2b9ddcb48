// The debounced tip job (src/server/engine/tips/tip-job.ts): many writes, one evaluation; a write
// during an evaluation, one more after it; nothing pending is lost on drain (shutdown).
import { describe, expect, it } from 'vitest';
import pino from 'pino';
import { busyWait } from '../helpers/busy-wait.ts';
import { tipJob } from '../../../src/server/engine/tips/tip-job.ts';

const log = pino({ level: 'silent' });
// A delay no test waits for: only drain() runs the evaluations.
const LATER = 60 * 60 * 1000;

describe('tip job', () => {
  it('evaluates a podcast once for many writes, each podcast on its own', async () => {
    const calls: number[] = [];
    const job = tipJob(async (id) => void calls.push(id), log, LATER);
    for (let i = 0; i < 20; i++) job.schedule(1);
    job.schedule(2);
    expect(calls).toEqual([]);
    await job.drain();
    expect(calls.sort()).toEqual([1, 2]);
  });

  it('runs once more when a write arrives while the evaluation runs', async () => {
    const calls: number[] = [];
    let release!: () => void;
    const job = tipJob(
      async (id) => {
        calls.push(id);
        if (calls.length === 1) await new Promise<void>((r) => (release = r));
      },
      log,
      LATER,
    );
    job.schedule(7);
    const drained = job.drain();
    await expect.poll(() => calls.length, busyWait).toBe(1);
    job.schedule(7);
    job.schedule(7);
    release();
    await drained;
    expect(calls).toEqual([7, 7]);
  });

  it('runs after its delay without being asked, and a failure does not stop later ones', async () => {
    const calls: number[] = [];
    const job = tipJob(
      async (id) => {
        calls.push(id);
        if (calls.length === 1) throw new Error('database gone');
      },
      log,
      1,
    );
    job.schedule(3);
    await expect.poll(() => calls, busyWait).toEqual([3]);
    job.schedule(3);
    await expect.poll(() => calls, busyWait).toEqual([3, 3]);
  });

  it('does not report a podcast deleted before its evaluation as a failure', async () => {
    const lines: { level: number; msg: string }[] = [];
    const logged = pino({ level: 'debug' }, { write: (line: string) => void lines.push(JSON.parse(line)) });
    const gone = Object.assign(new Error('FOREIGN KEY constraint failed'), {
      code: 'SQLITE_CONSTRAINT_FOREIGNKEY',
    });
    const job = tipJob(
      async (id) => {
        throw id === 1 ? gone : new Error('database gone');
      },
      logged,
      LATER,
    );
    job.schedule(1);
    job.schedule(2);
    await job.drain();
    const warnings = lines.filter((l) => l.level >= 40).map((l) => l.msg);
    expect(warnings).toEqual(['tip evaluation failed']);
    expect(lines.map((l) => l.msg)).toContain('tip evaluation skipped: the podcast is gone');
  });
});
