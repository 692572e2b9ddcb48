// The German reasons of a method's score (recommend-engine.ts computes their codes): the texts
// and how a ranking's short codes become them.
import { checkTitles } from '../../shared/feed-check.ts';
import { metric } from '../../shared/vocabulary.ts';

export const reasonTexts = {
  applied: 'Du wendest diese Methode bereits an',
  rejected: 'Du hast diese Methode ausgeschlossen',
  strongGoal: (label: string) => `hohes Potenzial für dein Ziel ${label}`,
  goal: (label: string) => `passt zu deinem Ziel ${label}`,
  missesGoal: (label: string) => `zahlt kaum auf dein Ziel ${label} ein`,
  potential: (label: string) => `hohes Potenzial für ${label}`,
  noGoals: 'Lege deine Podcast-Ziele fest, dann empfiehlt Kompass genauer',
  noRating: 'Für diese Methode sind noch keine Potenziale definiert',
  money: 'braucht mehr Budget als angegeben',
  time: 'braucht mehr Zeit als angegeben',
  audience: 'wirkt erst bei einem größeren Publikum',
  free: 'kostet kein Geld',
  fitsTime: 'passt in dein Zeitbudget',
  fitsBudget: 'passt in dein Budget',
  fitsStage: 'passt zur Größe deines Publikums',
  feed: (title: string) => `Dein Feed: ${title}`,
  worked: 'ähnlich einer Methode, die bei dir gewirkt hat',
  failed: 'ähnlich einer Methode, die bei dir wenig bewirkt hat',
  pooledWorked: 'hat bei Podcasts wie deinem messbar mehr Downloads gebracht',
  pooledFailed: 'hat bei Podcasts wie deinem keine messbare Steigerung gebracht',
  pooledWorkedAll: 'hat bei anderen Podcasts messbar mehr Downloads gebracht',
  pooledFailedAll: 'hat bei anderen Podcasts keine messbare Steigerung gebracht',
};

/*
 * Reasons are stored as short codes (one letter, plus the metric's index for goal reasons),
 * comma-separated: ten thousand methods per podcast make the texts' size matter.
 */
const fixedCodes: Record<string, string> = {
  A: reasonTexts.applied,
  R: reasonTexts.rejected,
  N: reasonTexts.noGoals,
  U: reasonTexts.noRating,
  $: reasonTexts.money,
  t: reasonTexts.time,
  a: reasonTexts.audience,
  f: reasonTexts.free,
  T: reasonTexts.fitsTime,
  B: reasonTexts.fitsBudget,
  S: reasonTexts.fitsStage,
  W: reasonTexts.worked,
  w: reasonTexts.failed,
  P: reasonTexts.pooledWorked,
  p: reasonTexts.pooledFailed,
  Q: reasonTexts.pooledWorkedAll,
  q: reasonTexts.pooledFailedAll,
};
const metricCodes: Record<string, (label: string) => string> = {
  G: reasonTexts.strongGoal,
  g: reasonTexts.goal,
  x: reasonTexts.missesGoal,
  p: reasonTexts.potential,
};

/** The German texts of stored reason codes (unknown codes are left out). */
export function reasonsOf(codes: string): string[] {
  if (!codes) return [];
  return codes.split(',').flatMap((code) => {
    const fixed = fixedCodes[code];
    if (fixed) return [fixed];
    // F<key>: a finding of the Feed-Check.
    if (code.startsWith('F:')) {
      const title = checkTitles[code.slice(2)];
      return title ? [reasonTexts.feed(title)] : [];
    }
    const text = metricCodes[code[0]!];
    const key = metric.keys[Number(code.slice(1))];
    return text && key ? [text(metric.labels[key])] : [];
  });
}
