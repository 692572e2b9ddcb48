// Billing calls (§7): offerings (paid with the subscribe links, the account's, a podcast's), the
// pricing action's authorize URL, the authorized page's hand-over, redeeming and releasing.
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { BillingPeriod, OfferingsResponse } from '../../../../shared/billing.ts';
import { api } from '../../../api/client.ts';
import { parseLazily } from '../../../api/parse.ts';

export const podcastOfferingsKey = (podcastId: number) => ['podcast', podcastId, 'offerings'] as const;
export const accountOfferingsKey = ['account', 'offerings'] as const;

export const paidOfferingsQuery = (period: BillingPeriod) =>
  queryOptions({
    queryKey: ['offerings', 'paid', period],
    queryFn: async () =>
      api
        .get(`api/offerings:paid?period=${period}`)
        .json()
        .then(parseLazily(() => import('../../../../shared/billing.ts').then((m) => m.offeringsResponse))),
    staleTime: 5 * 60_000,
  });

export const usePaidOfferings = (period: BillingPeriod) => useQuery(paidOfferingsQuery(period));

export const usePodcastOfferings = (podcastId: number) =>
  useQuery({
    queryKey: podcastOfferingsKey(podcastId),
    queryFn: async () =>
      api
        .get(`api/podcasts/${podcastId}/offerings`)
        .json()
        .then(parseLazily(() => import('../../../../shared/billing.ts').then((m) => m.offeringsResponse))),
  });

export const useAccountOfferings = () =>
  useQuery({
    queryKey: accountOfferingsKey,
    queryFn: async () =>
      api
        .get('api/account/offerings')
        .json()
        .then(parseLazily(() => import('../../../../shared/billing.ts').then((m) => m.offeringsResponse))),
  });

/** The pricing action: the provider's authorize URL, with a state bound to this session. */
export async function authorizeUrl(podcastId?: number): Promise<string> {
  const query = podcastId ? `?podcast_id=${podcastId}` : '';
  return (
    await api
      .get(`api/account/steady:authorize${query}`)
      .json()
      .then(parseLazily(() => import('../../../../shared/billing.ts').then((m) => m.authorizeResponse)))
  ).url;
}

/** The authorized page hands the provider's code and state to the server. */
export const handOver = async (code: string, state: string) =>
  api
    .post('api/account/steady', { json: { code, state } })
    .json()
    .then(parseLazily(() => import('../../../../shared/billing.ts').then((m) => m.authorizedResponse)));

/** Redeem (POST) or release (DELETE) the contract of a podcast; `onChanged` refreshes the podcast. */
export function useContract(podcastId: number, onChanged: () => void) {
  const queryClient = useQueryClient();
  const settle = (answer: OfferingsResponse) => {
    queryClient.setQueryData(podcastOfferingsKey(podcastId), answer);
    void queryClient.invalidateQueries({ queryKey: accountOfferingsKey });
    onChanged();
  };
  const redeem = useMutation({
    mutationFn: async () =>
      api
        .post(`api/podcasts/${podcastId}/contract`)
        .json()
        .then(parseLazily(() => import('../../../../shared/billing.ts').then((m) => m.offeringsResponse))),
    onSuccess: settle,
  });
  const release = useMutation({
    mutationFn: async () =>
      api
        .delete(`api/podcasts/${podcastId}/contract`)
        .json()
        .then(parseLazily(() => import('../../../../shared/billing.ts').then((m) => m.offeringsResponse))),
    onSuccess: settle,
  });
  return { redeem, release };
}
