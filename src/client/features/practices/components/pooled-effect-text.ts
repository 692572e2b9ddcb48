// The texts of a method's pooled effect (the card and the overview say them): loaded with
// pooled-effect.tsx after the first paint, so no screen's first paint carries them.
// Figures written like 'Wirkung' writes them (effect-figures.ts): one minus sign, a non-breaking
// space before '%'.
import { count as german, NBSP, signedPercent } from '../../../../shared/effect-figures.ts';
import type { PooledEffect } from '../../../../shared/pooled-effect-text.ts';

/** Whole percent as the pooled answer gives them: 6 → '+6 %'. */
const signed = (percent: number) => signedPercent(percent / 100);

/** The headline: „Bei 23 Podcasts wie deinem: im Mittel +6 % Downloads (90 %: +1 % bis +11 %)“. */
export function pooledHeadline(p: PooledEffect): string {
  if (!p.shown || p.effect === null || p.low === null || p.high === null)
    return p.contributors >= p.needed
      ? 'Neue Messungen werden gesammelt, bald zeigt Kompass sie hier.'
      : `Noch zu wenige Messungen (${p.contributors} von ${p.needed})`;
  const who = p.fallback
    ? `Bei ${german(p.podcasts ?? 0)} Podcasts`
    : `Bei ${german(p.similar ?? 0)} Podcasts wie deinem`;
  return `${who}: im Mittel ${signed(p.effect)} Downloads (90${NBSP}%: ${signed(p.low)} bis ${signed(p.high)})`;
}

/** What the figure rests on, and for a fallback why it is every podcast's. */
export function pooledBasis(p: PooledEffect): string | null {
  if (!p.shown || p.experiments === null || p.podcasts === null) return null;
  const basis = `Aus ${german(p.experiments)} ${p.experiments === 1 ? 'Experiment' : 'Experimenten'} von ${german(p.podcasts)} Podcasts`;
  const weighted = p.fallback
    ? `; noch zu wenige Podcasts wie deiner (${p.similar ?? 0} von ${p.needed}), daher alle Podcasts.`
    : '; ähnliche Podcasts zählen mehr.';
  const spread = p.spread ? ` Von Podcast zu Podcast schwankt die Wirkung um etwa ±${p.spread}${NBSP}%.` : '';
  return `${basis}${weighted}${spread}`;
}
