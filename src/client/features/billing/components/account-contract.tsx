import { Link } from '@tanstack/react-router';
import { planName, type PlanFacts } from '../../../../shared/plan-name.ts';
import { apiError } from '../../../api/errors.ts';
import { Banner } from '../../../components/banner.tsx';
import { Button } from '../../../components/button.tsx';
import { useAccountOfferings, useContract } from '../api/billing.ts';
import { ConnectButton, subscriptionText } from './contract-panel.tsx';

function Release({ podcastId, onChanged }: { podcastId: number; onChanged: () => void }) {
  const { release } = useContract(podcastId, onChanged);
  return (
    <>
      {release.error && (
        <div className="mt-3">
          <Banner tone="error">{apiError(release.error).message}</Banner>
        </div>
      )}
      <Button
        type="button"
        variant="secondary"
        className="mt-3"
        pending={release.isPending}
        onClick={() => release.mutate()}
      >
        Vertrag ablösen
      </Button>
    </>
  );
}

/** settings.contract ('Studio Upgrade'): the account's subscription, where it is redeemed, lifetime access. */
export function AccountContract({
  onChanged,
  podcast,
}: {
  onChanged: () => void;
  /** The selected podcast: its plan is named as on its own contract page (planName). */
  podcast: (PlanFacts & { id: number; title: string }) | null;
}) {
  const offerings = useAccountOfferings();
  const meta = offerings.data?.meta;
  const subscription = meta?.subscription ?? null;
  const subscribed = subscription?.current
    ? (offerings.data?.data.find((o) => o.subscribed)?.name ?? 'Studio Pro')
    : null;
  if (offerings.isPending) return <p className="text-slate-600">Lade dein Abo …</p>;
  if (offerings.isError) return <Banner tone="error">{apiError(offerings.error).message}</Banner>;
  return (
    <div>
      <dl className="rounded-xl border border-slate-200 p-4">
        <dt className="text-sm text-slate-600">
          {podcast ? `Aktueller Plan von „${podcast.title}“` : 'Aktueller Plan'}
        </dt>
        <dd className="mt-1 text-lg font-semibold text-slate-900">
          {podcast
            ? planName(podcast, {
                lifetime: meta?.lifetimeaccess,
                contract: subscription?.podcast?.id === podcast.id ? subscribed : null,
              })
            : meta?.lifetimeaccess
              ? 'Lebenslanger Zugang'
              : (subscribed ?? 'Studio Basic')}
        </dd>
      </dl>
      {meta?.lifetimeaccess && (
        <p className="mt-4 text-slate-700">
          Du hast als Unterstützer*in lebenslangen Zugang: Alle Funktionen von Studio Pro sind für dich
          freigeschaltet.
        </p>
      )}
      {subscription && <p className="mt-4 text-slate-700">{subscriptionText(subscription)}</p>}
      {subscription?.podcast && (
        <div className="mt-4 rounded-xl bg-slate-50 p-4">
          <p className="text-slate-800">
            Dein Abo schaltet{' '}
            {subscription.podcast.title ? `„${subscription.podcast.title}“` : 'einen Podcast'} frei.
          </p>
          {subscription.podcast.title !== null && (
            <Release podcastId={subscription.podcast.id} onChanged={onChanged} />
          )}
        </div>
      )}
      {subscription?.current && !subscription.podcast && (
        <p className="mt-4 text-slate-700">
          Dein Abo ist noch keinem Podcast zugeordnet. Löse es unter{' '}
          <Link to="/app/podcast/edit/contract" className="font-semibold text-brand-800 underline">
            Podcast bearbeiten → Studio Upgrade
          </Link>{' '}
          für deinen Podcast ein.
        </p>
      )}
      {meta && !meta.billing && (
        <div className="mt-4">
          <Banner tone="info">Die Bezahlung über Steady ist auf diesem Server nicht eingerichtet.</Banner>
        </div>
      )}
      {meta?.billing && (
        <ConnectButton label={subscription ? 'Steady-Konto erneut verbinden' : 'Mit Steady verbinden'} />
      )}
    </div>
  );
}
