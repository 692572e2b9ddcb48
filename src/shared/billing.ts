// The billing contract (§3 Offering, §7 offerings and contract calls): offerings as the API sends
// them, the viewer's subscription at the membership provider, and the OAuth hand-over.
import { z } from 'zod';
import { tiers } from './offerings.ts';

/** How the provider bills: monthly or annually (`period` of /api/offerings:paid). */
export const billingPeriods = ['monthly', 'annual'] as const;
export type BillingPeriod = (typeof billingPeriods)[number];
export const paidOfferingsQuery = z.object({ period: z.enum(billingPeriods).default('monthly') });

/** The Offering of §3 as the API sends it. */
export const offeringSchema = z.object({
  id: z.number(),
  tier: z.enum(tiers),
  name: z.string(),
  summary: z.string(),
  description: z.string(),
  free: z.boolean(),
  monthly: z.number(),
  annual: z.number(),
  /** A promotional line, e.g. the annual saving. */
  promo: z.string().nullable(),
  spotlight: z.boolean(),
  features: z.array(z.string()),
  /** The provider's subscribe page for this tier and period (only /api/offerings:paid; null without billing). */
  steady: z.string().nullable(),
  /** The viewer has a current subscription of this tier. */
  subscribed: z.boolean(),
  /** This tier's subscription is redeemed (for the podcast asked about, or for any podcast of the viewer). */
  associated: z.boolean(),
  /** The viewer is the one whose subscription is redeemed. */
  contractor: z.boolean(),
  /** Whose subscription it is ('unlocked by {email}'). */
  contractorEmail: z.string().nullable(),
});
export type Offering = z.infer<typeof offeringSchema>;

export const subscriptionStates = ['in_trial', 'active', 'not_renewing', 'none'] as const;
export type SubscriptionState = (typeof subscriptionStates)[number];

/** The viewer's subscription at the provider, as last read (never a token). */
export const subscriptionSchema = z.object({
  state: z.enum(subscriptionStates),
  /** Counts as Pro now: in_trial, active, or not_renewing before expires_at. */
  current: z.boolean(),
  period: z.string().nullable(),
  plan_name: z.string().nullable(),
  expires_at: z.string().nullable(),
  cancelled_at: z.string().nullable(),
  /** The provider account's address (User.steady_user_email). */
  email: z.string().nullable(),
  /** The podcast it is redeemed for, if any (only one the viewer belongs to is named). */
  podcast: z.object({ id: z.number(), title: z.string().nullable() }).nullable(),
});
export type Subscription = z.infer<typeof subscriptionSchema>;

export const offeringsMeta = z.object({
  lifetimeaccess: z.boolean(),
  /** Whether billing through the provider is configured on this server. */
  billing: z.boolean(),
  /** Only on the account and podcast offerings: the viewer's subscription, null when never connected. */
  subscription: subscriptionSchema.nullable().optional(),
});

export const offeringsResponse = z.object({ data: z.array(offeringSchema), meta: offeringsMeta });
export type OfferingsResponse = z.infer<typeof offeringsResponse>;

/** GET /api/account/steady:authorize: where the pricing action sends the browser. */
export const authorizeQuery = z.object({
  /** The podcast whose contract page to return to; without it, the settings' contract page. */
  podcast_id: z
    .union([
      z
        .string()
        .regex(/^[1-9][0-9]{0,9}$/)
        .transform(Number),
      z.int(),
    ])
    .optional(),
});
export const authorizeResponse = z.object({ url: z.string() });

/** POST /api/account/steady: the authorized route hands over what the provider sent back. */
export const authorizedSchema = z.object({
  code: z.string().min(1, 'Der Code fehlt.').max(2000),
  state: z.string().min(1, 'Der State fehlt.').max(500),
});
export const authorizedResponse = z.object({
  /** Where to go on: the podcast's contract page, or null for the settings' one. */
  podcast_id: z.number().nullable(),
  subscription: subscriptionSchema,
});
