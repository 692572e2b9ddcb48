import { Link } from '@tanstack/react-router';
import { landingTiers, offerings } from '../../../../shared/offerings.ts';
import { buttonClass } from '../../../components/button.tsx';
import { Island } from '../../../components/islands.tsx';
import { FeatureList } from '../../../components/pricing.tsx';

function PlanCard({ tier }: { tier: (typeof landingTiers)[number] }) {
  const offering = offerings[tier];
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
        <Island name="price" props={{ tier }} />
      </div>
      <FeatureList features={offering.features} className="mt-5" />
      <Link to="/setup" className={buttonClass(offering.spotlight ? 'primary' : 'secondary', 'mt-6 w-full')}>
        {offering.free ? 'Kostenlos starten' : '30 Tage gratis testen'}
      </Link>
    </li>
  );
}

export function Pricing() {
  return (
    <section aria-labelledby="pricing" className="bg-white">
      <div className="mx-auto max-w-5xl px-4 py-14">
        <h2 id="pricing" className="text-3xl font-bold text-slate-900">
          Preise
        </h2>
        <p className="mt-3 text-slate-700">
          Jeder neue Podcast startet mit 30 Tagen Studio Pro. Danach entscheidest du, ob du bei Basic bleibst.
        </p>
        <Island name="period-toggle" props={{ className: 'mt-6' }} />
        <ul className="mt-8 grid gap-5 md:grid-cols-2">
          {landingTiers.map((tier) => (
            <PlanCard key={tier} tier={tier} />
          ))}
        </ul>
      </div>
    </section>
  );
}
