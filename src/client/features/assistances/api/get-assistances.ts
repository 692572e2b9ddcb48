import { queryOptions, useQuery } from '@tanstack/react-query';
import { ASSISTANT_POLL_MS } from '../../../../shared/limits.ts';
import { api } from '../../../api/client.ts';
import { isRefused } from '../../../api/errors.ts';
import { READS } from '../../../../shared/reads.ts';
import { parseLazily } from '../../../api/parse.ts';
import { unlessJustLoaded } from '../../../lib/loaded-for-mount.ts';
import { noteOlder, useOlderPages } from '../../../lib/older-pages.ts';

export const assistancesQueryKey = (podcastId: number) => ['podcast', podcastId, 'assistances'] as const;

/** A page of the podcast's tips: the newest, or with `before` the ones before that tip. */
const tipsPage = (podcastId: number, before?: number) =>
  api
    .read(READS.assistances({ podcast: podcastId, before }))
    .json()
    .then(
      parseLazily(() => import('../../../../shared/assistances.ts').then((m) => m.assistancesCollection)),
    );

/**
 * GET /api/podcasts/{id}/assistances: the podcast's tips, newest first. Polled every 10 s (§7)
 * while the tab is visible (react-query pauses intervals in hidden tabs) and fetched anew on a
 * context change, since the key names the podcast.
 */
export const assistancesQueryOptions = (podcastId: number) =>
  queryOptions({
    refetchOnMount: unlessJustLoaded,
    queryKey: assistancesQueryKey(podcastId),
    queryFn: async ({ queryKey, client }) => {
      const page = await tipsPage(podcastId);
      noteOlder(client, queryKey, page.meta);
      return page.data;
    },
    // A refused answer (4xx: the membership or the plan is gone) ends the polling; the app frame
    // then finds out where the user may go (a deactivated member kept polling). A poll that timed
    // out, found no network or met a 5xx polls on: one slow answer on a phone between cells
    // ended the tips' polling until the screen was opened again (2026-12-07).
    refetchInterval: (query) => (isRefused(query.state.error) ? false : ASSISTANT_POLL_MS),
    refetchIntervalInBackground: false,
  });

/** Only for Pro podcasts: a Basic one would get 403 every 10 seconds. */
export const useAssistances = (podcastId: number, enabled = true) =>
  useQuery({ ...assistancesQueryOptions(podcastId), enabled });

/** The tips before the newest page (lib/older-pages.ts), on „Ältere anzeigen“ of the tips screen. */
export const useOlderAssistances = (podcastId: number) =>
  useOlderPages(assistancesQueryKey(podcastId), (before) => tipsPage(podcastId, before));
