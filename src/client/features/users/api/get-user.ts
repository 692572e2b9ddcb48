import { queryOptions } from '@tanstack/react-query';
import type { User } from '../../../../shared/account.ts';
import type { Resource } from '../../../../shared/api.ts';
import { api } from '../../../api/client.ts';

/** GET /api/users/{id}; email is null unless it is the user themself or an admin asks. */
export const getUser = async (id: string): Promise<User> =>
  (await api.get(`api/users/${encodeURIComponent(id)}`).json<Resource<User>>()).data;

export const userQueryOptions = (id: string) =>
  queryOptions({ queryKey: ['users', id], queryFn: () => getUser(id), staleTime: 60_000 });
