// Offerings (§3) from the one price list in src/shared/offerings.ts, with what the viewer has:
// a subscription of a tier (subscribed), a redeemed one (associated), whose it is (contractor,
// contractorEmail).
import type { BillingPeriod, Offering } from '../../shared/billing.ts';
import { ANNUAL_SAVING_PERCENT, offerings, tiers, type Tier } from '../../shared/offerings.ts';
import type { SteadyConfig } from '../config.ts';

export type OfferingFlags = {
  subscribed?: Tier | null;
  associated?: Tier | null;
  contractor?: boolean;
  contractorEmail?: string | null;
};

/** The provider's subscribe page for a paid tier and period. */
export function subscribeLink(steady: SteadyConfig, tier: Tier, period: BillingPeriod) {
  const url = new URL(steady.subscribeUrl);
  url.searchParams.set('plan', tier);
  url.searchParams.set('period', period);
  return url.toString();
}

export function listOfferings(
  flags: OfferingFlags = {},
  links?: { steady: SteadyConfig; period: BillingPeriod },
): Offering[] {
  return tiers.map((tier, index) => {
    const o = offerings[tier];
    const associated = flags.associated === tier;
    return {
      id: index + 1,
      tier,
      name: o.name,
      summary: o.summary,
      description: o.description,
      free: o.free,
      monthly: o.monthly,
      annual: o.annual,
      promo: o.free ? null : `Spare ${ANNUAL_SAVING_PERCENT} % bei jährlicher Zahlung`,
      spotlight: o.spotlight,
      features: o.features,
      steady: links && !o.free ? subscribeLink(links.steady, tier, links.period) : null,
      subscribed: flags.subscribed === tier,
      associated,
      contractor: associated && (flags.contractor ?? false),
      contractorEmail: associated ? (flags.contractorEmail ?? null) : null,
    };
  });
}
