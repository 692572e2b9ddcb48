// The plans of §1/§9: names, pitch and prices in EUR. The landing page shows basic and pro_one;
// the conversion page and /api/offerings use all three.

export const tiers = ['basic', 'pro_one', 'pro_any'] as const;
export type Tier = (typeof tiers)[number];

export type OfferingInfo = {
  tier: Tier;
  name: string;
  summary: string;
  features: string[];
  free: boolean;
  /** Price per month when billed monthly, in EUR. */
  monthly: number;
  /** Price per year when billed annually, in EUR. */
  annual: number;
  /** Highlighted as the recommended plan. */
  spotlight: boolean;
};

/** Annual billing saves 17 % against twelve monthly payments (§1). */
export const ANNUAL_SAVING_PERCENT = 17;

export const offerings: Record<Tier, OfferingInfo> = {
  basic: {
    tier: 'basic',
    name: 'Studio Basic',
    summary: 'Für den Einstieg: entdecke Methoden, die zu deinem Podcast passen.',
    features: [
      'Ein Podcast mit Zielen und Strategie',
      'Alle 99 Wachstumsmethoden zum Stöbern',
      'Methoden merken und als angewandt markieren',
      'Team-Einladungen für deine Coworker*innen',
    ],
    free: true,
    monthly: 0,
    annual: 0,
    spotlight: false,
  },
  pro_one: {
    tier: 'pro_one',
    name: 'Studio Pro',
    summary: 'Für einen Podcast, der gezielt wachsen soll.',
    features: [
      'Alles aus Studio Basic',
      'Empfehlungen mit Passgenauigkeit für deinen Podcast',
      'Zeitlich begrenzte Experimente mit Auswertung',
      'Tipps der Kompass-KI',
      'Benachrichtigungen auf dein Handy',
    ],
    free: false,
    monthly: 12,
    annual: 120,
    spotlight: true,
  },
  pro_any: {
    tier: 'pro_any',
    name: 'Studio Pro Netzwerk',
    summary: 'Für Produzent*innen und Netzwerke mit beliebig vielen Podcasts.',
    features: [
      'Alles aus Studio Pro',
      'Beliebig viele Podcasts',
      'Empfehlungen für jeden Podcast einzeln',
      'Experimente für alle Podcasts parallel',
      'Tipps der Kompass-KI für jeden Podcast',
      'Teams je Podcast mit eigenen Rollen',
      'Gemeinsame Übersicht aller Podcasts',
      'Persönliches Onboarding für dein Team',
    ],
    free: false,
    monthly: 29,
    annual: 290,
    spotlight: false,
  },
};

/** The tiers the landing page shows (§9). */
export const landingTiers = ['basic', 'pro_one'] as const satisfies readonly Tier[];

/** "12 €", German style. */
export function formatEuro(amount: number): string {
  return new Intl.NumberFormat('de-DE', {
    style: 'currency',
    currency: 'EUR',
    maximumFractionDigits: amount % 1 === 0 ? 0 : 2,
  }).format(amount);
}
