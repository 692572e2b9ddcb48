// Billing screens compose two features (features never import each other): the podcast from
// podcasts/, offerings and contracts from billing/. Loaded lazily by their route files.
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { getRouteApi, useNavigate } from '@tanstack/react-router';
import { useCallback } from 'react';
import { SectionHeading } from '../../components/section-nav.tsx';
import { textParam } from '../../lib/search-params.ts';
import { refreshContext, selectContext, usePodcast } from '../../features/podcasts/api/get-context.ts';
import { podcastQueryOptions } from '../../features/podcasts/api/get-podcast.ts';
import { EditSection } from '../../features/podcasts/components/edit/edit-section.tsx';
import { AccountContract } from '../../features/billing/components/account-contract.tsx';
import { AuthorizedPage } from '../../features/billing/components/authorized-page.tsx';
import { ContractPanel } from '../../features/billing/components/contract-panel.tsx';
import { ConversionPage } from '../../features/billing/components/conversion-page.tsx';

const conversionRoute = getRouteApi('/app/podcast-required/podcasts/$id/conversion');

/** podcasts.conversion (podcasts/:id/conversion). */
export function PodcastsConversionScreen() {
  const id = Number(conversionRoute.useParams().id);
  const selected = usePodcast();
  // Another podcast than the selected one (a link from elsewhere): read it; the server guards it.
  const other = useQuery({ ...podcastQueryOptions(id), enabled: selected !== null && selected.id !== id });
  const podcast = selected?.id === id ? selected : other.data;
  if (!podcast) return null;
  return <ConversionPage podcast={{ id: podcast.id, title: podcast.title, role: podcast.role.key }} />;
}

/** A redeemed or released contract changes the podcast's plan: the context and lists refetch. */
function useOnChanged() {
  const queryClient = useQueryClient();
  return useCallback(() => void refreshContext(queryClient), [queryClient]);
}

/** podcast.edit.contract ('Studio Upgrade'). */
export function PodcastEditContractScreen() {
  const podcast = usePodcast();
  const onChanged = useOnChanged();
  if (!podcast) return null;
  return (
    // Every member reads the plan; redeeming is the owner's and the managers' (contract.redeem).
    <EditSection title="Studio Upgrade" editable podcast={podcast}>
      <ContractPanel
        podcast={{
          id: podcast.id,
          title: podcast.title,
          active: podcast.active,
          only_trial: podcast.only_trial,
          trial: podcast.trial,
          role: podcast.role.key,
        }}
        onChanged={onChanged}
      />
    </EditSection>
  );
}

/** settings.contract ('Studio Upgrade'): the account's subscription. */
export function SettingsContractScreen() {
  const onChanged = useOnChanged();
  const podcast = usePodcast();
  return (
    <section>
      <SectionHeading title="Studio Upgrade" screen="Einstellungen">
        Dein Abo bei Steady und welchen Podcast es freischaltet.
      </SectionHeading>
      <AccountContract onChanged={onChanged} podcast={podcast} />
    </section>
  );
}

const authorizedRoute = getRouteApi('/app/authorized');

/** authorized: the provider's redirect URI; afterwards on to the contract settings. */
export function AuthorizedScreen() {
  const search = authorizedRoute.useSearch() as Record<string, unknown>;
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const onDone = useCallback(
    (podcastId: number | null) => {
      void (async () => {
        if (podcastId !== null) {
          // The podcast the pricing action was for becomes the selected one, so its contract page opens.
          await selectContext(podcastId).catch(() => null);
          await refreshContext(queryClient);
          await navigate({ to: '/app/podcast/edit/contract', replace: true });
        } else {
          await navigate({ to: '/app/settings/contract', replace: true });
        }
      })();
    },
    [navigate, queryClient],
  );
  return (
    <AuthorizedPage
      code={textParam(search.code)}
      state={textParam(search.state)}
      declined={textParam(search.error) !== ''}
      onDone={onDone}
    />
  );
}
