// The German sentences of the per-episode comparison (episode-effect.ts, Entscheidung AUD-31).
import type { EpisodeComparison } from '../../shared/episode-effect.ts';

const percent = (fraction: number) => {
  const n = Math.round(fraction * 100);
  return `${n > 0 ? '+' : n < 0 ? '−' : '±'}${Math.abs(n)} %`;
};
const episodes = (n: number) => (n === 1 ? 'eine Folge' : `${n} Folgen`);

export const episodeEffectMessages = {
  tooFew: (run: number, needed: number) =>
    `Je Folge: Zu wenig Daten. Aus der Laufzeit haben ${run === 0 ? 'noch keine Folgen' : episodes(run)} Zahlen für ihre ersten 7 Tage; für einen Vergleich mit den Folgen davor brauchen wir mindestens ${needed}.`,
  tooFewBefore: (before: number, needed: number) =>
    `Je Folge: Zu wenig Daten. Vor dem Start haben ${before === 0 ? 'keine Folgen' : episodes(before)} Zahlen; für einen Vergleich brauchen wir mindestens ${needed}.`,
};

/** One sentence per compared age: what the run's episodes did against the episodes before. */
export function comparisonSentence(c: EpisodeComparison) {
  const range = `90 %-Intervall: ${percent(c.interval[0])} bis ${percent(c.interval[1])}`;
  const what = `${episodes(c.run_episodes)} aus der Laufzeit gegen die ${c.before_episodes} davor, in den ersten ${c.age} Tagen`;
  if (c.interval[0] > 0) return `Je Folge: ${percent(c.relative)} Downloads (${what}; ${range}).`;
  if (c.interval[1] < 0)
    return `Je Folge: ${Math.abs(Math.round(c.relative * 100))} % weniger Downloads (${what}; ${range}).`;
  return `Je Folge: kein messbarer Unterschied, ${percent(c.relative)} (${what}; ${range}, es schließt 0 ein).`;
}
