import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { User } from '../../../../shared/account.ts';
import { api } from '../../../api/client.ts';
import { parseLazily } from '../../../api/parse.ts';
import { setUser } from '../../../lib/session.ts';

/** POST /api/account/image, multipart with the field `upload` (§5). */
export async function uploadImage(file: File): Promise<User> {
  const body = new FormData();
  body.append('upload', file);
  const response = api.post('api/account/image', { body, timeout: 60_000 });
  return (
    await response
      .json()
      .then(parseLazily(() => import('../../../../shared/account.ts').then((m) => m.userResponse)))
  ).data;
}

export function useUploadImage() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: uploadImage, onSuccess: (user) => setUser(queryClient, user) });
}
