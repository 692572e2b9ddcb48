// The parts of a pricing card that the landing page and the Pro sales page share (§1, §2): the
// monthly/annual toggle, the price for a period and the list of features.
import { ANNUAL_SAVING_PERCENT, formatEuro, type OfferingInfo } from '../../shared/offerings.ts';
import type { BillingPeriod } from '../../shared/billing.ts';

const toggle = 'min-h-11 rounded-lg px-4 text-sm font-semibold';

export function PeriodToggle({
  period,
  onChange,
  className = '',
}: {
  period: BillingPeriod;
  onChange: (period: BillingPeriod) => void;
  className?: string;
}) {
  return (
    <div
      role="group"
      aria-label="Abrechnungszeitraum"
      className={`inline-flex rounded-xl bg-slate-100 p-1 ${className}`}
    >
      {(['monthly', 'annual'] as const).map((p) => (
        <button
          key={p}
          type="button"
          aria-pressed={period === p}
          onClick={() => onChange(p)}
          className={`${toggle} ${period === p ? 'bg-white text-slate-900 shadow-sm' : 'text-slate-700'}`}
        >
          {p === 'monthly' ? 'Monatlich' : `Jährlich – spare ${ANNUAL_SAVING_PERCENT} %`}
        </button>
      ))}
    </div>
  );
}

export function Price({
  offering,
  period,
}: {
  offering: Pick<OfferingInfo, 'free' | 'monthly' | 'annual'>;
  period: BillingPeriod;
}) {
  if (offering.free) return <p className="text-3xl font-extrabold text-slate-900">Kostenlos</p>;
  const amount = period === 'monthly' ? offering.monthly : offering.annual;
  return (
    <p className="text-slate-700">
      <span className="text-3xl font-extrabold text-slate-900">{formatEuro(amount)}</span>
      {period === 'monthly' ? ' pro Monat' : ' pro Jahr'}
      {period === 'annual' && (
        <span className="block text-sm">entspricht {formatEuro(offering.annual / 12)} im Monat</span>
      )}
    </p>
  );
}

export function FeatureList({
  features,
  className = '',
}: {
  features: readonly string[];
  className?: string;
}) {
  return (
    <ul className={`flex-1 space-y-2 ${className}`}>
      {features.map((feature) => (
        <li key={feature} className="flex gap-2 text-slate-800">
          <span aria-hidden="true" className="font-bold text-brand-700">
            ✓
          </span>
          {feature}
        </li>
      ))}
    </ul>
  );
}
