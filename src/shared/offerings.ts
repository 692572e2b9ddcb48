// The plans of §1/§9: names, pitch and prices in EUR (this file is the one place for prices).
// The landing page shows basic and pro_one; the conversion page and /api/offerings use all three.
// No zod here: the landing page imports this (the API contract is in billing.ts).

export const tiers = ['basic', 'pro_one', 'pro_any'] as const;
export type Tier = (typeof tiers)[number];

export type OfferingInfo = {
  tier: Tier;
  name: string;
  summary: string;
  description: string;
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

/** The annual price: 12 × monthly − 17 %, to the cent. */
export function annualPrice(monthly: number): number {
  return Math.round(monthly * 12 * (100 - ANNUAL_SAVING_PERCENT)) / 100;
}

export const offerings: Record<Tier, OfferingInfo> = {
  basic: {
    tier: 'basic',
    name: 'Studio Basic',
    summary: 'Für den Einstieg: entdecke Methoden, die zu deinem Podcast passen.',
    description:
      'Studio Basic ist kostenlos und bleibt es. Nach der Testphase behält dein Podcast alle Daten: Ziele, Strategie, Kennzahlen und dein Team.',
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
    description:
      'Studio Pro schaltet für einen Podcast die Kompass-KI, Experimente und Benachrichtigungen frei. Monatlich oder jährlich kündbar.',
    features: [
      'Alles aus Studio Basic',
      'Empfehlungen mit Passgenauigkeit für deinen Podcast',
      'Zeitlich begrenzte Experimente mit Auswertung',
      'Tipps der Kompass-KI',
      'Benachrichtigungen auf dein Handy',
    ],
    free: false,
    monthly: 12,
    annual: annualPrice(12),
    spotlight: true,
  },
  pro_any: {
    tier: 'pro_any',
    name: 'Studio Pro Netzwerk',
    summary: 'Für Produzent*innen und Netzwerke mit beliebig vielen Podcasts.',
    description:
      'Studio Pro Netzwerk schaltet Studio Pro für alle Podcasts frei, an denen du arbeitest. Monatlich oder jährlich kündbar.',
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
    annual: annualPrice(29),
    spotlight: false,
  },
};

/** The tiers the landing page shows (§9). */
export const landingTiers = ['basic', 'pro_one'] as const satisfies readonly Tier[];

/**
 * "12 €", "9,96 €", "1.440 €": what `Intl.NumberFormat('de-DE', { style: 'currency' })` writes
 * (cents only when there are any), and the test checks that it does. Not Intl itself: the first
 * Intl call of a page loads the browser's locale data, 15 ms of main thread (60–90 ms on a
 * phone), and the landing's prices would be the only reason to pay that while it starts.
 */
export function formatEuro(amount: number): string {
  const [euros = '0', cents] = Math.abs(amount).toFixed(2).split('.');
  const grouped = euros.replace(/\B(?=(\d{3})+$)/g, '.');
  return `${amount < 0 ? '-' : ''}${grouped}${cents === '00' ? '' : `,${cents}`}\u00a0€`;
}
