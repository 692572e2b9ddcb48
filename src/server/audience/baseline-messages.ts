// The German sentences of the baseline effect: what is missing, or what the result means. The
// screen shows them as they are; 'Kein messbarer Unterschied' and 'Zu wenig Daten' are the words
// the 'Wirkung' view is known by (Entscheidung AUD-26); figures written as the card writes them
// (src/shared/effect-figures.ts: „−“, a non-breaking space before „%“).
import { intervalText, NBSP, signedPercent as percent } from '../../shared/effect-figures.ts';

const MIN_BASELINE = 28;

export const notStarted = 'Zu wenig Daten: Das Experiment hat noch nicht begonnen.';

/**
 * On the start day nothing of the run is complete yet, but the experiment runs (its header says
 * „Läuft“): say that the first day is still being counted, not that it has not begun.
 */
export function firstDayCounting(needed: number) {
  return `Zu wenig Daten: Heute ist der erste Tag des Experiments, seine Downloads werden noch gezählt. Eine Wirkung zeigt Kompass, sobald Downloads von ${needed === 1 ? 'einem Tag' : `${needed} Tagen`} aus der Laufzeit vorliegen.`;
}

/** Before the run has a complete day: not begun yet, or its first day still counting. */
export function notYetMeasured(today: string | undefined, start: string, needed: number) {
  return today === start ? firstDayCounting(needed) : notStarted;
}

export function missingBaseline(days: number) {
  return `Zu wenig Daten: Für eine Wirkung brauchen wir Downloads von mindestens ${MIN_BASELINE} Tagen vor dem Start; ${days === 0 ? 'bisher gibt es keine' : `bisher sind es ${days}`}.`;
}

export function missingRun(days: number, needed: number) {
  return `Zu wenig Daten: Aus der Laufzeit des Experiments liegen Downloads von ${days === 1 ? 'einem Tag' : `${days} Tagen`} vor; für eine Wirkung brauchen wir mindestens ${needed}.`;
}

/**
 * From what size on a change would have been told: an effect that large lies outside 0 in about
 * 90 of 100 measurements with an interval this wide (a two-sided 90 % interval's half-width is
 * 1.645 standard errors; 90 % power needs the effect 1.645 + 1.282 of them away from 0), so the
 * promise holds in at least 4 of 5 even where the interval is narrower than it should be. On the
 * log scale, each direction with its own half-width (the replays are skewed: a rise is told by
 * the lower half, a fall by the upper), the larger of the two, rounded up to whole percent.
 * Checked on the bench (tests/bench/effect-calibration.ts, 'promised size'): with 80 % power on
 * paper and the mean half-width a rise of the promised size was found in 74.5 % of ordinary
 * podcasts, with each direction's own half and 85 % in 78.5–81.3 % (the interval held the truth
 * in 84 % there, not 90 %). Decided 2026-12-06; both directions, 90 % and rounding up 2026-12-07.
 */
export function detectable(interval: readonly [number, number], relative?: number) {
  const low = Math.log(1 + interval[0]);
  const high = Math.log(1 + interval[1]);
  const centre = relative === undefined ? (low + high) / 2 : Math.log(1 + relative);
  const k = (1.645 + 1.282) / 1.645;
  const rise = Math.exp(k * Math.max(0, centre - low)) - 1;
  const fall = 1 - Math.exp(-k * Math.max(0, high - centre));
  return Math.ceil(Math.max(rise, fall) * 100 - 1e-9);
}

/** Is the 90 % interval entirely above 0, entirely below, or does it contain 0? */
export function verdictOf(interval: readonly [number, number] | null) {
  if (!interval) return null;
  return interval[0] > 0 ? 'raised' : interval[1] < 0 ? 'lowered' : 'none';
}

/**
 * The answer in words. 'Kein messbarer Unterschied' says what it means for the show (within its
 * usual ups and downs), that Kompass could not tell rather than that nothing changed, and from
 * what size on it would have; the interval stays at the end for who wants it. `notes` follow
 * (days set aside, holidays, another experiment at the same time).
 */
export function effectMessage(
  relative: number,
  interval: [number, number],
  partial: { seen: number; of: number; running: boolean } | null,
  setAside = 0,
  notes: readonly string[] = [],
) {
  const range = intervalText(interval);
  const verdict = verdictOf(interval);
  const sentence =
    verdict === 'none'
      ? `Kein messbarer Unterschied: Die Downloads lagen im Rahmen dessen, was dein Podcast ohnehin schwankt (${percent(relative)} gegenüber dem Erwarteten). Das heißt nicht, dass sich nichts verändert hat: Kompass kann es nur nicht unterscheiden. Erkennbar wäre eine Veränderung ab etwa ±${detectable(interval, relative)}${NBSP}%. (${range}, es schließt 0 ein.)`
      : verdict === 'raised'
        ? `${percent(relative)} mehr Downloads als erwartet (${range}).`
        : `${Math.abs(Math.round(relative * 100))}${NBSP}% weniger Downloads als erwartet (${range}).`;
  const measured = [sentence, setAsideNote(setAside), ...notes].filter(Boolean).join(' ');
  if (!partial) return measured;
  return partial.running
    ? `Bisher, nach ${partial.seen} von ${partial.of} Tagen: ${measured}`
    : `Gemessen an ${partial.seen} von ${partial.of} Tagen (für die übrigen fehlen Downloads): ${measured}`;
}

/** Days far above the pattern before the start, left out of the baseline (baseline-outliers.ts). */
export function setAsideNote(days: number) {
  if (days === 0) return '';
  return days === 1
    ? 'Ein Tag mit ungewöhnlich vielen Downloads im Vergleichszeitraum wurde nicht berücksichtigt.'
    : `${days} Tage mit ungewöhnlich vielen Downloads im Vergleichszeitraum wurden nicht berücksichtigt.`;
}
