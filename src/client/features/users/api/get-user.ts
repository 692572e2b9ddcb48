import { queryOptions } from '@tanstack/react-query';
import type { UserProfile } from '../../../../shared/account.ts';
import { api } from '../../../api/client.ts';
import { parseLazily } from '../../../api/parse.ts';

/**
 * GET /api/users/{id}: the user themself or a teammate (404 otherwise); email is null unless it
 * is the user themself or an admin asks; no role, grant or verification. The
 * profile route's loader imports this eagerly: the schema loads with the answer.
 */
export const getUser = async (id: string): Promise<UserProfile> =>
  (
    await api
      .get(`api/users/${encodeURIComponent(id)}`)
      .json()
      .then(parseLazily(() => import('../../../../shared/account.ts').then((m) => m.userProfileResponse)))
  ).data;

export const userQueryOptions = (id: string) =>
  queryOptions({ queryKey: ['users', id], queryFn: () => getUser(id), staleTime: 60_000 });
