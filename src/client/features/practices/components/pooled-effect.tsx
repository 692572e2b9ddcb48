import type { PooledEffect } from '../../../../shared/pooled-effect-text.ts';
import { pooledBasis, pooledHeadline } from './pooled-effect-text.ts';

/**
 * What other podcasts measured of the method: the headline („Bei 23 Podcasts wie deinem: im Mittel
 * +6 % Downloads (90 %: +1 % bis +11 %)“ or „Noch zu wenige Messungen (3 von 5)“), and on the
 * overview what it rests on. The card shows only a published figure.
 */
export function PooledEffectLine({ pooled, detail = false }: { pooled?: PooledEffect; detail?: boolean }) {
  if (!pooled || (!detail && !pooled.shown)) return null;
  const basis = detail ? pooledBasis(pooled) : null;
  return (
    <div className="mt-3 text-sm text-slate-700">
      {detail && <h3 className="font-semibold text-slate-900">Bei anderen Podcasts gemessen</h3>}
      <p className={pooled.shown ? 'font-semibold text-slate-900' : undefined}>{pooledHeadline(pooled)}</p>
      {basis && <p className="mt-0.5">{basis}</p>}
    </div>
  );
}
