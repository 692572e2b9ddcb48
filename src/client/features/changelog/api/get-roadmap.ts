import { queryOptions } from '@tanstack/react-query';
import { roadmapResponse } from '../../../../shared/content-api.ts';
import { api } from '../../../api/client.ts';
import { parse } from '../../../api/parse.ts';

/** GET /api/roadmap (public), in the planned order; `content` is Markdown. */
export const getRoadmap = async () => (await api.get('api/roadmap').json().then(parse(roadmapResponse))).data;

export const roadmapQueryOptions = () =>
  queryOptions({ queryKey: ['roadmap'], queryFn: getRoadmap, staleTime: 60 * 60_000 });
