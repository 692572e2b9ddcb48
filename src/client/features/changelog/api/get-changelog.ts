import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../api/client.ts';
import { parseLazily } from '../../../api/parse.ts';

/** GET /api/changelog (public), newest first; `content` is Markdown. */
export const getChangelog = async () =>
  (
    await api
      .get('api/changelog')
      .json()
      .then(parseLazily(() => import('../../../../shared/content-api.ts').then((m) => m.changelogResponse)))
  ).data;

export const changelogQueryOptions = () =>
  queryOptions({ queryKey: ['changelog'], queryFn: getChangelog, staleTime: 60 * 60_000 });
