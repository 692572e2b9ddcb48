// The plan of a podcast (§4, DESIGN.md): a 30-day Pro trial from the podcast's creation, then
// Basic. Lifetime access (`users.granted`) unlocks everything: the owner's for the whole team,
// and a granted user sees every podcast active. A redeemed contract whose subscription still
// counts (src/server/billing/subscriptions.ts) makes it Pro too.
import { TRIAL_DAYS, type Trial } from '../../shared/podcasts.ts';
import { berlinDate, daysBetween } from '../../shared/calendar.ts';

export type Plan = {
  trial: Trial;
  active: boolean;
  only_trial: boolean;
  /** Pro through lifetime access (the owner's or the viewer's). */
  lifetime: boolean;
  /** Pro through a redeemed contract. */
  contract: boolean;
};

/**
 * Days count in Berlin calendar days: the day of creation is day 0 (`days_left` 30); on day 30
 * the trial is over (`days_left` 0), so it covers exactly 30 calendar days.
 */
export function podcastPlan(input: {
  createdAt: string;
  now: Date;
  ownerGranted: boolean;
  viewerGranted: boolean;
  /** A contract with a current subscription unlocks the podcast. */
  contract?: boolean;
}): Plan {
  const passed = Math.max(0, daysBetween(berlinDate(new Date(input.createdAt)), berlinDate(input.now)));
  const trial = {
    trial_days: TRIAL_DAYS,
    days_passed: Math.min(passed, TRIAL_DAYS),
    days_left: Math.max(0, TRIAL_DAYS - passed),
  };
  const lifetime = input.ownerGranted || input.viewerGranted;
  const contract = input.contract ?? false;
  const inTrial = trial.days_left > 0;
  return {
    trial,
    active: lifetime || contract || inTrial,
    only_trial: inTrial && !lifetime && !contract,
    lifetime,
    contract,
  };
}
