// The name of a podcast's plan, one text on every screen (the account's contract page
// said 'Studio Basic' while the podcast's said 'Studio Pro (Testphase)', for the same podcast).

let grouping: Intl.NumberFormat | undefined;
/** '2.617': a whole number as German text, with the thousands grouped (made on first use). */
export const germanCount = (n: number) => (grouping ??= new Intl.NumberFormat('de-DE')).format(n);

/** '1 Tag', '30 Tage', '2.617 Tage'. */
export const dayCount = (days: number) => `${germanCount(days)} ${days === 1 ? 'Tag' : 'Tage'}`;

export type PlanFacts = { active: boolean; only_trial: boolean; trial: { days_left: number } };

/**
 * Lifetime access and a redeemed contract (the offering's name, e.g. 'Studio Pro Netzwerk') name
 * themselves; otherwise the podcast's state: trial, Pro (an admin's grant, a pro_any owner), Basic.
 */
export function planName(
  podcast: PlanFacts,
  source: { lifetime?: boolean; contract?: string | null } = {},
): string {
  if (source.lifetime) return 'Lebenslanger Zugang';
  if (source.contract) return source.contract;
  if (podcast.only_trial) return `Studio Pro (Testphase), noch ${dayCount(podcast.trial.days_left)}`;
  return podcast.active ? 'Studio Pro' : 'Studio Basic';
}
