import { queryOptions } from '@tanstack/react-query';
import type { Resource } from '../../../../shared/api.ts';
import { api } from '../../../api/client.ts';

/** One planned feature; `content` is Markdown. */
export type RoadmapItem = { id: number; title: string; content: string };

/** GET /api/roadmap (public), in the planned order. */
export const getRoadmap = async () => (await api.get('api/roadmap').json<Resource<RoadmapItem[]>>()).data;

export const roadmapQueryOptions = () =>
  queryOptions({ queryKey: ['roadmap'], queryFn: getRoadmap, staleTime: 60 * 60_000 });
