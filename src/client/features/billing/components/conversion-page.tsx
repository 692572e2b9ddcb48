import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import type { BillingPeriod, Offering } from '../../../../shared/billing.ts';
import { can } from '../../../../shared/roles.ts';
import { apiError } from '../../../api/errors.ts';
import { Banner } from '../../../components/banner.tsx';
import { Button, buttonClass } from '../../../components/button.tsx';
import { useDocumentTitle } from '../../../lib/document-title.ts';
import { authorizeUrl, usePaidOfferings } from '../api/billing.ts';
import { FeatureList, PeriodToggle, Price } from '../../../components/pricing.tsx';

type CardProps = {
  offering: Offering;
  period: BillingPeriod;
  billing: boolean;
  pending: boolean;
  onChoose: () => void;
};

function PricingCard({ offering, period, billing, pending, onChoose }: CardProps) {
  const headingId = `offering-${offering.tier}`;
  return (
    <li
      aria-labelledby={headingId}
      className={`flex flex-col rounded-2xl bg-white p-5 ${
        offering.spotlight ? 'ring-2 ring-brand-700' : 'border border-slate-200'
      }`}
    >
      <div className="flex items-center justify-between gap-2">
        <h2 id={headingId} className="text-xl font-bold text-slate-900">
          {offering.name}
        </h2>
        {offering.spotlight && (
          <span className="rounded-full bg-brand-700 px-3 py-1 text-xs font-semibold text-white">
            Empfohlen
          </span>
        )}
      </div>
      <p className="mt-2 text-slate-700">{offering.summary}</p>
      <div className="mt-4">
        <Price offering={offering} period={period} />
      </div>
      <p className="mt-3 text-sm text-slate-600">{offering.description}</p>
      <FeatureList features={offering.features} className="mt-4" />
      {!offering.free && billing && (
        <div className="mt-5 flex flex-col gap-2">
          <Button type="button" pending={pending} onClick={onChoose}>
            {offering.name} wählen
          </Button>
          {offering.steady && (
            <a
              href={offering.steady}
              target="_blank"
              rel="noopener noreferrer"
              className={buttonClass('ghost')}
            >
              Abo bei Steady abschließen
            </a>
          )}
        </div>
      )}
    </li>
  );
}

const NOT_YOURS =
  'Studio Pro für diesen Podcast bucht die Inhaberin oder der Inhaber oder ein*e Manager*in des Podcasts.';

/**
 * podcasts.conversion: the Pro sales page of a podcast (§2). Holds still while the prices load
 * (Entscheidung CLI-32): what the answer decides (the lifetime and the
 * billing notes, the plans, the way back below them) comes in one render below the toggle, so
 * nothing shown before it moves.
 */
export function ConversionPage({ podcast }: { podcast: { id: number; title: string; role: string } }) {
  useDocumentTitle('Studio Pro');
  const [period, setPeriod] = useState<BillingPeriod>('monthly');
  const offerings = usePaidOfferings(period);
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  // Buying is for who may redeem a subscription for the podcast (owner, manager); the others
  // read the plans without a buy action (an observer saw 'Studio Pro behalten').
  const mayBuy = can(podcast.role, 'contract.redeem');
  const billing = (offerings.data?.meta.billing ?? false) && mayBuy;

  // The pricing action: off to the provider's login and consent; it sends the user back to `authorized`.
  async function choose() {
    setPending(true);
    setError(null);
    try {
      window.location.assign(await authorizeUrl(podcast.id));
    } catch (e) {
      setError(apiError(e).message);
      setPending(false);
    }
  }

  return (
    <section className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-8">
      <h1 className="text-2xl font-bold text-slate-900">Studio Pro für „{podcast.title}“</h1>
      <p className="mt-2 text-slate-700">
        Mit Studio Pro bekommst du Tipps von der Kompass-KI, Experimente und Benachrichtigungen. Abgerechnet
        wird über unsere Mitgliedschaftsplattform Steady, monatlich oder jährlich.
      </p>
      {!mayBuy && (
        <div className="mt-4">
          <Banner tone="info">{NOT_YOURS}</Banner>
        </div>
      )}
      {error && (
        <div className="mt-4">
          <Banner tone="error">{error}</Banner>
        </div>
      )}
      <PeriodToggle period={period} onChange={setPeriod} className="mt-6" />
      {offerings.isPending && <p className="mt-6 text-slate-600">Lade Preise …</p>}
      {offerings.isError && (
        <div className="mt-6">
          <Banner tone="error">{apiError(offerings.error).message}</Banner>
        </div>
      )}
      {offerings.data?.meta.lifetimeaccess && (
        <div className="mt-6">
          <Banner tone="info">
            Du hast lebenslangen Zugang: Alle Funktionen von Studio Pro sind für dich freigeschaltet.
          </Banner>
        </div>
      )}
      {offerings.data && mayBuy && !billing && (
        <div className="mt-6">
          <Banner tone="info">
            Studio Pro kann auf diesem Server gerade nicht gebucht werden: Die Bezahlung über Steady ist nicht
            eingerichtet. Alle anderen Funktionen kannst du wie gewohnt nutzen.
          </Banner>
        </div>
      )}
      {offerings.data && (
        <ul className="mt-6 grid gap-5 lg:grid-cols-3">
          {offerings.data.data.map((offering) => (
            <PricingCard
              key={offering.tier}
              offering={offering}
              period={period}
              billing={billing}
              pending={pending}
              onChoose={() => void choose()}
            />
          ))}
        </ul>
      )}
      {!offerings.isPending && (
        <Link to="/app/dashboard" className={buttonClass('secondary', 'mt-8')}>
          Zurück zum Dashboard
        </Link>
      )}
    </section>
  );
}
