import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../api/client.ts';
import { parseLazily } from '../../../api/parse.ts';

/** GET /api/roadmap (public), in the planned order; `content` is Markdown. */
export const getRoadmap = async () =>
  (
    await api
      .get('api/roadmap')
      .json()
      .then(parseLazily(() => import('../../../../shared/content-api.ts').then((m) => m.roadmapResponse)))
  ).data;

export const roadmapQueryOptions = () =>
  queryOptions({ queryKey: ['roadmap'], queryFn: getRoadmap, staleTime: 60 * 60_000 });
