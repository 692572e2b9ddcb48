// A finding as the checks make it and the reports store it (the title comes from checkTitles).
import type { Severity } from '../../shared/feed-check.ts';

export type RawFinding = { key: string; severity: Severity; message: string; practices: number[] };

/** Episode-level rules look at the latest RECENT episodes: what a podcaster does today matters. */
export const RECENT = 10;

export const count = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;
