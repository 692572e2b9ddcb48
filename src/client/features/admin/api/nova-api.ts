// The admin panel's calls (/api/nova/…), each parsed with the shared schema (src/shared/admin.ts).
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import {
  adminAdvicesResponse,
  adminChangelogResponse,
  adminCodesResponse,
  adminCompilationsResponse,
  adminFeedbackResponse,
  adminPodcastsResponse,
  adminPracticeResponse,
  adminPracticesResponse,
  adminRoadmapResponse,
  adminUserDetailResponse,
  adminUsersResponse,
  auditLogResponse,
  staffResponse,
  type adminAdviceForm,
  type adminChangelogForm,
  type adminCodesForm,
  type adminPlanForm,
  type adminCompilationForm,
  type adminPracticeForm,
  type adminRoadmapForm,
} from '../../../../shared/admin.ts';
import { api } from '../../../api/client.ts';
import { parse, parseLazily } from '../../../api/parse.ts';

const get = <S extends z.ZodType>(path: string, schema: S, search?: Record<string, string | number>) =>
  api
    .get(path, { searchParams: search, context: { allowUnauthorized: true } })
    .json()
    .then(parse(schema));

/** GET /api/nova/me: who is signed in, with the role's abilities; 401/403 for everyone else. */
export const staffQueryOptions = () =>
  queryOptions({
    queryKey: ['nova', 'me'],
    queryFn: () => get('api/nova/me', staffResponse).then((r) => r.data),
    retry: false,
  });

export const usersQueryOptions = (q: string, page: number) =>
  queryOptions({
    queryKey: ['nova', 'users', q, page],
    queryFn: () => get('api/nova/users', adminUsersResponse, { ...(q && { q }), page }),
  });

export const userQueryOptions = (id: number) =>
  queryOptions({
    queryKey: ['nova', 'user', id],
    queryFn: () => get(`api/nova/users/${id}`, adminUserDetailResponse).then((r) => r.data),
  });

export const podcastsQueryOptions = (q: string, page: number) =>
  queryOptions({
    queryKey: ['nova', 'podcasts', q, page],
    queryFn: () => get('api/nova/podcasts', adminPodcastsResponse, { ...(q && { q }), page }),
  });

export const practicesQueryOptions = () =>
  queryOptions({
    queryKey: ['nova', 'practices'],
    queryFn: () => get('api/nova/practices', adminPracticesResponse).then((r) => r.data),
  });

export const practiceQueryOptions = (id: number) =>
  queryOptions({
    queryKey: ['nova', 'practice', id],
    queryFn: () => get(`api/nova/practices/${id}`, adminPracticeResponse).then((r) => r.data),
  });

export const compilationsQueryOptions = () =>
  queryOptions({
    queryKey: ['nova', 'compilations'],
    queryFn: () => get('api/nova/compilations', adminCompilationsResponse).then((r) => r.data),
  });
export const advicesQueryOptions = () =>
  queryOptions({
    queryKey: ['nova', 'advices'],
    queryFn: () => get('api/nova/advices', adminAdvicesResponse).then((r) => r.data),
  });
export const changelogQueryOptions = () =>
  queryOptions({
    queryKey: ['nova', 'changelog'],
    queryFn: () => get('api/nova/changelog', adminChangelogResponse).then((r) => r.data),
  });
export const roadmapQueryOptions = () =>
  queryOptions({
    queryKey: ['nova', 'roadmap'],
    queryFn: () => get('api/nova/roadmap', adminRoadmapResponse).then((r) => r.data),
  });

export const feedbackQueryOptions = (page: number) =>
  queryOptions({
    queryKey: ['nova', 'feedback', page],
    queryFn: () => get('api/nova/feedback', adminFeedbackResponse, { page }),
  });
export const codesQueryOptions = () =>
  queryOptions({
    queryKey: ['nova', 'codes'],
    queryFn: () => get('api/nova/codes', adminCodesResponse).then((r) => r.data),
  });
export const auditQueryOptions = (page: number) =>
  queryOptions({
    queryKey: ['nova', 'audit', page],
    queryFn: () => get('api/nova/audit', auditLogResponse, { page }),
  });

/** A write of the panel: afterwards every panel list is read again (the audit log too). */
function useNovaWrite<I, R>(write: (input: I) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: write,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['nova'] }),
  });
}

export const useSetRole = (id: number) =>
  useNovaWrite((input: { role: 'admin' | 'editor' | 'user' }) =>
    api.put(`api/nova/users/${id}/role`, { json: input }).json().then(parse(adminUserDetailResponse)),
  );
export const useResendVerification = (id: number) =>
  useNovaWrite(() =>
    api
      .post(`api/nova/users/${id}/verification`)
      .json()
      .then(parseLazily(() => import('../../../../shared/api.ts').then((m) => m.messageResponse))),
  );

/** PUT /api/nova/podcasts/{id}/plan: trial length and Pro granted through a day, with a reason. */
export const useSavePlan = (id: number) =>
  useNovaWrite((input: z.output<typeof adminPlanForm>) =>
    api
      .put(`api/nova/podcasts/${id}/plan`, { json: input })
      .json()
      .then(parseLazily(() => import('../../../../shared/admin.ts').then((m) => m.adminPodcastResponse))),
  );

export const useSavePractice = (id: number) =>
  useNovaWrite((input: z.output<typeof adminPracticeForm>) =>
    api.put(`api/nova/practices/${id}`, { json: input }).json().then(parse(adminPracticeResponse)),
  );

export const useSaveCompilation = (id: number) =>
  useNovaWrite((input: z.output<typeof adminCompilationForm>) =>
    api
      .put(`api/nova/compilations/${id}`, { json: input })
      .json()
      .then(parseLazily(() => import('../../../../shared/admin.ts').then((m) => m.adminCompilationResponse))),
  );
export const useSaveAdvice = (id: number | undefined) =>
  useNovaWrite((input: z.output<typeof adminAdviceForm>) =>
    (id === undefined
      ? api.post('api/nova/advices', { json: input })
      : api.put(`api/nova/advices/${id}`, { json: input })
    )
      .json()
      .then(parseLazily(() => import('../../../../shared/admin.ts').then((m) => m.adminAdviceResponse))),
  );
export const useSaveChangelog = (id: number | undefined) =>
  useNovaWrite((input: z.output<typeof adminChangelogForm>) =>
    (id === undefined
      ? api.post('api/nova/changelog', { json: input })
      : api.put(`api/nova/changelog/${id}`, { json: input })
    )
      .json()
      .then(
        parseLazily(() => import('../../../../shared/admin.ts').then((m) => m.adminChangelogItemResponse)),
      ),
  );
export const useSaveRoadmap = (id: number | undefined) =>
  useNovaWrite((input: z.output<typeof adminRoadmapForm>) =>
    (id === undefined
      ? api.post('api/nova/roadmap', { json: input })
      : api.put(`api/nova/roadmap/${id}`, { json: input })
    )
      .json()
      .then(parseLazily(() => import('../../../../shared/admin.ts').then((m) => m.adminRoadmapItemResponse))),
  );
/** DELETE of a logbook, changelog or roadmap entry (`path`: api/nova/advices/3, …). */
export const useDeleteEntry = (path: string) => useNovaWrite(() => api.delete(path));

export const useCreateCodes = () =>
  useNovaWrite((input: z.output<typeof adminCodesForm>) =>
    api.post('api/nova/codes', { json: input }).json().then(parse(adminCodesResponse)),
  );
