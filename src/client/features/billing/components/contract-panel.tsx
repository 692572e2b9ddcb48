import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import type { OfferingsResponse, Subscription } from '../../../../shared/billing.ts';
import { dayCount, planName } from '../../../../shared/plan-name.ts';
import type { Trial } from '../../../../shared/podcasts.ts';
import { can } from '../../../../shared/roles.ts';
import { apiError } from '../../../api/errors.ts';
import { lazily } from '../../../lib/lazy-format.ts';
import { Banner } from '../../../components/banner.tsx';
import { Button, buttonClass } from '../../../components/button.tsx';
import { authorizeUrl, useContract, usePodcastOfferings } from '../api/billing.ts';

export type ContractPodcast = {
  id: number;
  title: string;
  active: boolean;
  only_trial: boolean;
  trial: Trial;
  role: string;
};

const stateLabels: Record<Subscription['state'], string> = {
  in_trial: 'in der Testphase',
  active: 'aktiv',
  not_renewing: 'gekündigt',
  none: 'kein laufendes Abo',
};

const longDay = lazily(
  () => new Intl.DateTimeFormat('de-DE', { dateStyle: 'long', timeZone: 'Europe/Berlin' }),
);
const berlinDay = (iso: string) => longDay().format(new Date(iso));

/** The subscription at Steady as one sentence. */
export function subscriptionText(s: Subscription): string {
  const base = `Dein Abo bei Steady${s.email ? ` (${s.email})` : ''}: ${stateLabels[s.state]}`;
  if (s.state === 'not_renewing' && s.expires_at) {
    return `${base}. Studio Pro bleibt bis zum ${berlinDay(s.expires_at)} freigeschaltet.`;
  }
  return `${base}.`;
}

/** The pricing action without a podcast page: connects the Steady account. */
export function ConnectButton({ podcastId, label }: { podcastId?: number; label: string }) {
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  return (
    <div className="mt-4">
      {error && (
        <div className="mb-3">
          <Banner tone="error">{error}</Banner>
        </div>
      )}
      <Button
        type="button"
        variant="secondary"
        pending={pending}
        onClick={() => {
          setPending(true);
          setError(null);
          authorizeUrl(podcastId).then(
            (url) => window.location.assign(url),
            (e: unknown) => {
              setError(apiError(e).message);
              setPending(false);
            },
          );
        }}
      >
        {label}
      </Button>
    </div>
  );
}

function currentPlan(podcast: ContractPodcast, answer: OfferingsResponse | undefined) {
  const associated = answer?.data.find((o) => o.associated);
  const lifetime = answer?.meta.lifetimeaccess ?? false;
  const plan = planName(podcast, { lifetime, contract: associated?.name });
  if (lifetime)
    return { plan, detail: 'Als Unterstützer*in der ersten Stunde sind alle Funktionen freigeschaltet.' };
  if (associated) return { plan, detail: 'Studio Pro ist für diesen Podcast mit einem Abo freigeschaltet.' };
  if (podcast.only_trial) {
    const { days_left, days_passed, trial_days } = podcast.trial;
    return {
      plan,
      detail: `Noch ${dayCount(days_left)} im Studio Pro. Du testest Studio Pro seit ${days_passed} von ${trial_days} Tagen; danach nutzt dein Podcast Studio Basic.`,
    };
  }
  if (podcast.active) return { plan, detail: 'Studio Pro ist für diesen Podcast freigeschaltet.' };
  return {
    plan,
    detail:
      'Dein Podcast nutzt Studio Basic. Alle Daten bleiben erhalten. Mit Studio Pro bekommst du Tipps von der Kompass-KI, Experimente und Benachrichtigungen.',
  };
}

/** podcast.edit.contract ('Studio Upgrade'): the plan, the contract, redeem and 'Vertrag ablösen'. */
export function ContractPanel({ podcast, onChanged }: { podcast: ContractPodcast; onChanged: () => void }) {
  const offerings = usePodcastOfferings(podcast.id);
  const { redeem, release } = useContract(podcast.id, onChanged);
  const answer = offerings.data;
  const { plan, detail } = currentPlan(podcast, answer);
  const contract = answer?.data.find((o) => o.associated);
  const subscription = answer?.meta.subscription ?? null;
  const mayRedeem = can(podcast.role, 'contract.redeem');
  const mayRelease = contract && (contract.contractor || podcast.role === 'owner');
  const error = redeem.error ?? release.error;

  return (
    <div>
      <dl className="rounded-xl border border-slate-200 p-4">
        <dt className="text-sm text-slate-600">Aktueller Plan</dt>
        <dd className="mt-1 text-lg font-semibold text-slate-900">{plan}</dd>
      </dl>
      <p className="mt-4 text-slate-700">{detail}</p>
      {error && (
        <div className="mt-4">
          <Banner tone="error">{apiError(error).message}</Banner>
        </div>
      )}
      {(redeem.isSuccess || release.isSuccess) && !error && (
        <div className="mt-4">
          <Banner tone="success">
            {redeem.isSuccess && contract
              ? 'Dein Abo ist eingelöst: Studio Pro ist für diesen Podcast freigeschaltet.'
              : 'Der Vertrag ist abgelöst. Dein Abo kann jetzt einen anderen Podcast freischalten.'}
          </Banner>
        </div>
      )}
      {contract && (
        <div className="mt-5 rounded-xl bg-slate-50 p-4">
          <p className="text-slate-800">
            {contract.contractor
              ? 'Dein Abo schaltet diesen Podcast frei.'
              : `unlocked by ${contract.contractorEmail ?? ''}`}
          </p>
          {mayRelease && (
            <Button
              type="button"
              variant="secondary"
              className="mt-3"
              pending={release.isPending}
              onClick={() => release.mutate()}
            >
              Vertrag ablösen
            </Button>
          )}
        </div>
      )}
      {!contract && subscription && (
        <div className="mt-5 rounded-xl bg-slate-50 p-4">
          <p className="text-slate-800">{subscriptionText(subscription)}</p>
          {subscription.current && subscription.podcast && subscription.podcast.id !== podcast.id && (
            <p className="mt-2 text-slate-700">
              Es schaltet gerade{' '}
              {subscription.podcast.title ? `„${subscription.podcast.title}“` : 'einen anderen Podcast'} frei.
              Löse dort zuerst den Vertrag ab, um es hier einzulösen.
            </p>
          )}
          {subscription.current && !subscription.podcast && mayRedeem && (
            <Button type="button" className="mt-3" pending={redeem.isPending} onClick={() => redeem.mutate()}>
              Abo für diesen Podcast einlösen
            </Button>
          )}
        </div>
      )}
      {!contract && !subscription?.current && !answer?.meta.lifetimeaccess && (
        <Link
          to="/app/podcasts/$id/conversion"
          params={{ id: String(podcast.id) }}
          className={buttonClass('primary', 'mt-5')}
        >
          Studio Pro ansehen
        </Link>
      )}
      {answer?.meta.billing && !subscription && mayRedeem && (
        <ConnectButton podcastId={podcast.id} label="Ich habe schon ein Abo bei Steady" />
      )}
    </div>
  );
}
