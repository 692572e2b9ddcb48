// The monthly/annual toggle of the pricing cards (landing page and the Pro sales page, §1, §2).
import { ANNUAL_SAVING_PERCENT } from '../../shared/offerings.ts';
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
