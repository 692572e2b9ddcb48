// The German sentences of the baseline effect: what is missing, or what the result means. The
// screen shows them as they are; 'Kein messbarer Unterschied' and 'Zu wenig Daten' are the words
// the 'Wirkung' view is known by. Decided 2026-12-01.
const MIN_BASELINE = 28;

const percent = (fraction: number) => {
  const n = Math.round(fraction * 100);
  return `${n > 0 ? '+' : n < 0 ? '−' : '±'}${Math.abs(n)} %`;
};

export const notStarted = 'Zu wenig Daten: Das Experiment hat noch nicht begonnen.';

export function missingBaseline(days: number) {
  return `Zu wenig Daten: Für eine Wirkung brauchen wir Downloads von mindestens ${MIN_BASELINE} Tagen vor dem Start; ${days === 0 ? 'bisher gibt es keine' : `bisher sind es ${days}`}.`;
}

export function missingRun(days: number, needed: number) {
  return `Zu wenig Daten: Aus der Laufzeit des Experiments liegen Downloads von ${days === 1 ? 'einem Tag' : `${days} Tagen`} vor; für eine Wirkung brauchen wir mindestens ${needed}.`;
}

/**
 * From what size on a change would have been told: an effect that large lies
 * outside 0 in about 4 of 5 measurements with an interval this wide — the interval's half-width
 * (1.645 standard errors) times (1.645 + 0.84) / 1.645, in whole percent. Decided 2026-12-06.
 */
export function detectable(interval: readonly [number, number]) {
  const halfWidth = (Math.log(1 + interval[1]) - Math.log(1 + interval[0])) / 2;
  return Math.round((Math.exp((halfWidth * (1.645 + 0.84)) / 1.645) - 1) * 100);
}

/** Is the 90 % interval entirely above 0, entirely below, or does it contain 0? */
export function verdictOf(interval: readonly [number, number] | null) {
  if (!interval) return null;
  return interval[0] > 0 ? 'raised' : interval[1] < 0 ? 'lowered' : 'none';
}

export function effectMessage(
  relative: number,
  interval: [number, number],
  partial: { seen: number; of: number; running: boolean } | null,
  setAside = 0,
) {
  const range = `90 %-Intervall: ${percent(interval[0])} bis ${percent(interval[1])}`;
  const verdict = verdictOf(interval);
  const sentence =
    verdict === 'none'
      ? `Kein messbarer Unterschied: ${percent(relative)} Downloads gegenüber dem Erwarteten (${range}, es schließt 0 ein). Das heißt nicht, dass sich nichts verändert hat: Kompass kann es nur nicht unterscheiden. Erkennbar wäre eine Veränderung ab etwa ±${detectable(interval)} %.`
      : verdict === 'raised'
        ? `${percent(relative)} mehr Downloads als erwartet (${range}).`
        : `${Math.abs(Math.round(relative * 100))} % weniger Downloads als erwartet (${range}).`;
  const aside = setAsideNote(setAside);
  const measured = aside ? `${sentence} ${aside}` : sentence;
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
