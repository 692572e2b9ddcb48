import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { profileSchema, User } from '../../../../shared/account.ts';
import { api } from '../../../api/client.ts';
import { parseLazily } from '../../../api/parse.ts';
import { setUser } from '../../../lib/session.ts';

type ProfileData = z.output<typeof profileSchema>;

/** POST /api/account/profile creates the profile, PUT updates it (§7). */
export async function saveProfile(input: ProfileData, exists: boolean): Promise<User> {
  const request = exists ? api.put : api.post;
  return (
    await request('api/account/profile', { json: input })
      .json()
      .then(parseLazily(() => import('../../../../shared/account.ts').then((m) => m.userResponse)))
  ).data;
}

export function useSaveProfile(exists: boolean) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: ProfileData) => saveProfile(input, exists),
    onSuccess: (user) => setUser(queryClient, user),
  });
}
