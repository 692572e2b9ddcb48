import { queryOptions } from '@tanstack/react-query';
import { changelogResponse } from '../../../../shared/content-api.ts';
import { api } from '../../../api/client.ts';
import { parse } from '../../../api/parse.ts';

/** GET /api/changelog (public), newest first; `content` is Markdown. */
export const getChangelog = async () =>
  (await api.get('api/changelog').json().then(parse(changelogResponse))).data;

export const changelogQueryOptions = () =>
  queryOptions({ queryKey: ['changelog'], queryFn: getChangelog, staleTime: 60 * 60_000 });
