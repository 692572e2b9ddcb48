import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import { formatEuro, landingTiers, offerings, type OfferingInfo } from '../../../../shared/offerings.ts';
import { buttonClass } from '../../../components/button.tsx';
import { PeriodToggle } from '../../../components/period-toggle.tsx';

type Period = 'monthly' | 'annual';

function Price({ offering, period }: { offering: OfferingInfo; period: Period }) {
  if (offering.free) {
    return <p className="text-3xl font-extrabold text-slate-900">Kostenlos</p>;
  }
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

function PlanCard({ offering, period }: { offering: OfferingInfo; period: Period }) {
  return (
    <li
      className={`flex flex-col rounded-2xl bg-white p-6 ${
        offering.spotlight ? 'ring-2 ring-brand-700' : 'border border-slate-200'
      }`}
    >
      <div className="flex items-center justify-between gap-2">
        <h3 className="text-xl font-bold text-slate-900">{offering.name}</h3>
        {offering.spotlight && (
          <span className="rounded-full bg-brand-700 px-3 py-1 text-xs font-semibold text-white">
            Empfohlen
          </span>
        )}
      </div>
      <p className="mt-2 text-slate-700">{offering.summary}</p>
      <div className="mt-5">
        <Price offering={offering} period={period} />
      </div>
      <ul className="mt-5 flex-1 space-y-2">
        {offering.features.map((feature) => (
          <li key={feature} className="flex gap-2 text-slate-800">
            <span aria-hidden="true" className="font-bold text-brand-700">
              ✓
            </span>
            {feature}
          </li>
        ))}
      </ul>
      <Link to="/setup" className={buttonClass(offering.spotlight ? 'primary' : 'secondary', 'mt-6 w-full')}>
        {offering.free ? 'Kostenlos starten' : '30 Tage gratis testen'}
      </Link>
    </li>
  );
}

export function Pricing() {
  const [period, setPeriod] = useState<Period>('monthly');
  return (
    <section aria-labelledby="pricing" className="bg-white">
      <div className="mx-auto max-w-5xl px-4 py-14">
        <h2 id="pricing" className="text-3xl font-bold text-slate-900">
          Preise
        </h2>
        <p className="mt-3 text-slate-700">
          Jeder neue Podcast startet mit 30 Tagen Studio Pro. Danach entscheidest du, ob du bei Basic bleibst.
        </p>
        <PeriodToggle period={period} onChange={setPeriod} className="mt-6" />
        <ul className="mt-8 grid gap-5 md:grid-cols-2">
          {landingTiers.map((tier) => (
            <PlanCard key={tier} offering={offerings[tier]} period={period} />
          ))}
        </ul>
      </div>
    </section>
  );
}
