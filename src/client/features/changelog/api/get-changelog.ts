import { queryOptions } from '@tanstack/react-query';
import type { Resource } from '../../../../shared/api.ts';
import { api } from '../../../api/client.ts';

/** One release note; `content` is Markdown. */
export type ChangelogItem = {
  id: number;
  title: string;
  release: string;
  released_at: string;
  content: string;
};

/** GET /api/changelog (public), newest first. */
export const getChangelog = async () =>
  (await api.get('api/changelog').json<Resource<ChangelogItem[]>>()).data;

export const changelogQueryOptions = () =>
  queryOptions({ queryKey: ['changelog'], queryFn: getChangelog, staleTime: 60 * 60_000 });
