// The audience routes (src/shared/audience.ts): the podcast's sources, its daily figures, OP3's
// connection and the upload's preview and commit. Keys start with ['podcast', id], so a change
// here refetches what the podcast shows elsewhere too (the metrics 'Reichweite' follow the sources).
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AudienceMapping, UploadKind } from '../../../../shared/audience.ts';
import { api } from '../../../api/client.ts';
import { parseLazily } from '../../../api/parse.ts';

const contract = () => import('../../../../shared/audience.ts');

const base = (podcastId: number) => `api/podcasts/${podcastId}`;
export const audienceKey = (podcastId: number) => ['podcast', podcastId, 'audience'] as const;

/**
 * GET …/audience without a range: the server's default (everything it keeps). Entscheidung
 * CLI-33: one answer for the screen and the dashboard's widget, and one offline copy under
 * one address (sw/mirror.ts keys copies by path and query; a range computed from today would
 * find no copy on another day). The screen narrows the range itself.
 */
export const audienceQueryOptions = (podcastId: number) =>
  queryOptions({
    queryKey: [...audienceKey(podcastId), 'days'],
    queryFn: async () =>
      (
        await api
          .get(`${base(podcastId)}/audience`)
          .json()
          .then(parseLazily(() => contract().then((m) => m.audienceResource)))
      ).data,
  });
/**
 * While a source is 'pending' (OP3's 12 months are read in the background, source-routes.ts), the
 * screen asks again every few seconds, so the days fill in as they arrive.
 */
const POLL_MS = 3_000;

export const useAudience = (podcastId: number, poll = false) =>
  useQuery({ ...audienceQueryOptions(podcastId), refetchInterval: poll ? POLL_MS : false });

export const sourcesQueryOptions = (podcastId: number) =>
  queryOptions({
    queryKey: [...audienceKey(podcastId), 'sources'],
    queryFn: async () =>
      (
        await api
          .get(`${base(podcastId)}/audience-sources`)
          .json()
          .then(parseLazily(() => contract().then((m) => m.audienceSourceCollection)))
      ).data,
  });
export const useAudienceSources = (podcastId: number, enabled = true) =>
  useQuery({
    ...sourcesQueryOptions(podcastId),
    enabled,
    refetchInterval: (query) => (query.state.data?.some((s) => s.status === 'pending') ? POLL_MS : false),
  });

/** After any change of a source: the podcast's queries (figures, sources, metrics) refetch. */
function useRefetchPodcast(podcastId: number) {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: ['podcast', podcastId] });
}

/** POST …/audience-sources {type: 'op3', token}: the backfill may take a while (12 months). */
export function useConnectOp3(podcastId: number) {
  const refetch = useRefetchPodcast(podcastId);
  return useMutation({
    mutationFn: async (token: string) =>
      (
        await api
          .post(`${base(podcastId)}/audience-sources`, { json: { type: 'op3', token }, timeout: 120_000 })
          .json()
          .then(parseLazily(() => contract().then((m) => m.audienceSourceResource)))
      ).data,
    onSuccess: refetch,
  });
}

export function useRemoveSource(podcastId: number) {
  const refetch = useRefetchPodcast(podcastId);
  return useMutation({
    mutationFn: async (sourceId: number) => {
      await api.delete(`${base(podcastId)}/audience-sources/${sourceId}`);
    },
    onSuccess: refetch,
  });
}

export function useRefreshSource(podcastId: number) {
  const refetch = useRefetchPodcast(podcastId);
  return useMutation({
    mutationFn: async (sourceId: number) => {
      await api.post(`${base(podcastId)}/audience-sources/${sourceId}:refresh`, { timeout: 120_000 });
    },
    onSuccess: refetch,
  });
}

/** POST …/audience-uploads (multipart, field `upload`): the columns and the guessed mapping. */
export function useUploadFile(podcastId: number) {
  return useMutation({
    mutationFn: async (file: File) => {
      const body = new FormData();
      body.append('upload', file);
      return (
        await api
          .post(`${base(podcastId)}/audience-uploads`, { body, timeout: 60_000 })
          .json()
          .then(parseLazily(() => contract().then((m) => m.audienceUploadResource)))
      ).data;
    },
  });
}

/** The mapping, the kind the podcaster chose (or kept) and, for a zip, which report. */
export type CommitUpload = { uploadId: number; mapping: AudienceMapping; kind?: UploadKind; report?: string };

export function useCommitUpload(podcastId: number) {
  const refetch = useRefetchPodcast(podcastId);
  return useMutation({
    mutationFn: async ({ uploadId, ...body }: CommitUpload) =>
      (
        await api
          .post(`${base(podcastId)}/audience-uploads/${uploadId}:commit`, {
            json: body,
            timeout: 60_000,
          })
          .json()
          .then(parseLazily(() => contract().then((m) => m.commitUploadResource)))
      ).data,
    onSuccess: refetch,
  });
}
