// Shows for the OP3 fake (fake-op3.ts): single downloads made from daily counts, and a generated
// year of a weekly show for the browser journeys (a weekday pattern and a spike on every release
// that decays; deterministic, so a journey sees the same numbers every run).
import { createHash } from 'node:crypto';
import type { FakeDownload, FakeEpisode, FakeShow } from './fake-op3.ts';

const DAY = 86_400_000;
const dayOf = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/**
 * `count` downloads spread over the UTC day `day` (plus `bots` bot requests OP3 leaves out), in
 * time order, of episode `episodeId`.
 */
export function downloadsOn(day: string, count: number, episodeId = 'e1', bots = 0): FakeDownload[] {
  const start = Date.parse(`${day}T00:00:00Z`);
  const total = count + bots;
  const botAt = new Set(Array.from({ length: bots }, (_, j) => Math.floor(((j + 0.5) * total) / bots)));
  return Array.from({ length: total }, (_, i) => ({
    time: new Date(start + Math.floor(((i + 0.5) * DAY) / total)).toISOString(),
    episodeId,
    ...(botAt.has(i) && { botType: 'bot' }),
  }));
}

/** A small deterministic random source (mulberry32). */
function random(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** A weekly show with a year of downloads up to yesterday (UTC), for any feed URL. */
export function generatedShow(showUuid: string, feedUrl: string, now = Date.now()): FakeShow {
  const rand = random(parseInt(createHash('sha1').update(feedUrl).digest('hex').slice(0, 8), 16));
  const today = Date.parse(`${dayOf(now)}T00:00:00Z`);
  const first = today - 365 * DAY;
  const episodes: FakeEpisode[] = [];
  const downloads: FakeDownload[] = [];
  const releases: { day: number; id: string }[] = [];
  for (let t = first, n = 1; t < today; t += DAY) {
    if (new Date(t).getUTCDay() === 2) releases.push({ day: t, id: `ep${n++}` });
  }
  for (let t = first; t < today; t += DAY) {
    const weekday = new Date(t).getUTCDay();
    const latest = releases.filter((r) => r.day <= t).at(-1);
    const age = latest ? (t - latest.day) / DAY : 99;
    const expected = 30 + (weekday === 0 || weekday === 6 ? -8 : 4) + 120 * 0.55 ** age;
    const count = Math.max(0, Math.round(expected * (0.85 + 0.3 * rand())));
    downloads.push(...downloadsOn(dayOf(t), count, latest?.id ?? 'ep0', 1));
  }
  for (const { day, id } of releases) {
    const own = downloads.filter((d) => d.episodeId === id && !d.botType);
    const within = (days: number) =>
      day + days * DAY > today ? null : own.filter((d) => Date.parse(d.time) < day + days * DAY).length;
    episodes.push({
      id,
      itemGuid: `${showUuid}-${id}`,
      title: `Folge ${id.slice(2)}`,
      pubdate: new Date(day + 6 * 3_600_000).toISOString(),
      downloads1: within(1),
      downloads3: within(3),
      downloads7: within(7),
      downloads30: within(30),
      downloadsAll: own.length,
    });
  }
  return { showUuid, title: 'Generierter Testpodcast', feedUrl, episodes, downloads };
}
