// One wrk run against a target of api-targets.ts: requests per second, p99, errors, and the CPU
// the server process spent per answered request, and PostgreSQL's CPU. Shared by the benches.
import { execFile } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import type { Session, Target } from './api-targets.ts';

const run = promisify(execFile);
export type Result = { rate: number; p99: string; p99ms: number; errors: string; cpu: number };

// The CPU time the server process spent per answered request (user + system, from /proc) is a
// second figure that other load on the machine disturbs less than requests per second do.
export const ticks = Number((await run('getconf', ['CLK_TCK'])).stdout);
export const cpuSeconds = (pid: number) => {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return (Number(fields[11]) + Number(fields[12])) / ticks;
};
export const toMs = (text: string) => {
  const [, value, unit] = /^([\d.]+)(us|ms|s)$/.exec(text) ?? [];
  return value === undefined ? NaN : Number(value) * (unit === 'us' ? 1e-3 : unit === 's' ? 1e3 : 1);
};

let runs = 0;
/** `duration` seconds of wrk (2 threads, 32 connections) on `base` + the target's path; `pid`: the server. */
export async function wrk(
  base: string,
  target: Target,
  pid: number,
  session: Session | undefined,
  duration: number,
) {
  // Like a browser: every request accepts compressed answers.
  const headers = {
    'Accept-Encoding': 'gzip, deflate, br',
    ...(session ? { Cookie: session.cookie, ...session.headers } : {}),
  };
  const threads = 2;
  const args = [`-t${threads}`, '-c32', `-d${duration}s`, '--latency', '--timeout', '5s'];
  const env: NodeJS.ProcessEnv = { PATH: process.env.PATH };
  if (target.write) {
    args.push('-s', join(import.meta.dirname, 'wrk-write.lua'));
    Object.assign(env, {
      BENCH_RUN: `${process.pid}-${++runs}`,
      BENCH_METHOD: target.write.method,
      BENCH_PATH: target.path,
      BENCH_BODY: target.write.body,
      BENCH_HEADERS: Object.entries({ ...headers, 'Content-Type': 'application/json' })
        .map(([k, v]) => `${k}: ${v}`)
        .join('\n'),
      // Several accounts' writes: one line per request to take in turn, path, cookie and CSRF token.
      BENCH_THREADS: String(threads),
      BENCH_BY: (target.by ?? [])
        .map((b) => [b.path, b.session.cookie, b.session.headers['x-xsrf-token']].join('\t'))
        .join('\n'),
    });
  } else {
    for (const [k, v] of Object.entries(headers)) args.push('-H', `${k}: ${v}`);
  }
  const cpuBefore = cpuSeconds(pid);
  const { stdout } = await run('/usr/bin/wrk', [...args, `${base}${target.path}`], { env });
  const requests = Number(stdout.match(/(\d+) requests in/)?.[1]);
  const cpu = ((cpuSeconds(pid) - cpuBefore) / requests) * 1e6;
  const rate = Number(stdout.match(/Requests\/sec:\s+([\d.]+)/)?.[1]);
  const p99 = stdout.match(/^\s+99%\s+(\S+)/m)?.[1] ?? '?';
  const non2xx = stdout.match(/Non-2xx or 3xx responses: (\d+)/)?.[1];
  const socket = stdout.match(/Socket errors: (.*)/)?.[1];
  const errors = [non2xx && `${non2xx} non-2xx`, socket && `socket ${socket}`].filter(Boolean).join('; ');
  return { rate, p99, p99ms: toMs(p99), errors, cpu } satisfies Result;
}

/**
 * The CPU seconds PostgreSQL's processes on `port` have spent (the postmaster and its children:
 * the pool's backends live through a run; a process that ended meanwhile is not counted).
 */
export function postgresCpu(port: number) {
  const stats = readdirSync('/proc')
    .filter((name) => /^\d+$/.test(name))
    .flatMap((pid) => {
      try {
        const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
        const cmdline = readFileSync(`/proc/${pid}/cmdline`, 'utf8');
        return [{ pid: Number(pid), parent: Number(stat.split(') ')[1]!.split(' ')[1]), cmdline }];
      } catch {
        return [];
      }
    });
  const postmaster =
    stats.find((p) => p.cmdline.includes('postgres') && p.cmdline.includes(`-p\0${port}`)) ??
    stats.find((p) => p.cmdline.includes('postgres') && p.cmdline.includes(`-p ${port}`));
  if (!postmaster) return undefined;
  let total = 0;
  for (const p of stats) {
    try {
      if (p.pid === postmaster.pid || p.parent === postmaster.pid) total += cpuSeconds(p.pid);
    } catch {
      // ended meanwhile
    }
  }
  return total;
}
