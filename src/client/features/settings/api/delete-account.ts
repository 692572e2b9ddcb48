import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { accountDeleteSchema } from '../../../../shared/account.ts';
import { api } from '../../../api/client.ts';
import { clearSession } from '../../../lib/session.ts';

/** DELETE /api/account {password} → 204. */
export async function deleteAccount(input: z.output<typeof accountDeleteSchema>) {
  await api.delete('api/account', { json: input });
}

export function useDeleteAccount() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteAccount,
    onSuccess: () => {
      clearSession(queryClient);
      // Nothing of the account stays on the device: offline copies, unsent changes, push. Not
      // awaited: the form moves on to '/' at once, before anything can ask for the gone session.
      void import('../../../offline/offline-data.ts').then((offline) => offline.forgetOfflineData());
      void import('../../../lib/push.ts').then((push) => push.dropSubscription()).catch(() => undefined);
    },
  });
}
