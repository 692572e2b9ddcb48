// The session probe finds the session gone while a screen waits for its own query (a guest's
// invitation page on a device whose earlier session had ended): the screen still gets its answer.
import { QueryClient, QueryObserver } from '@tanstack/react-query';
import { expect, it, vi } from 'vitest';
import { accountQueryKey, watchSession } from '../../../src/client/lib/session.ts';

it("a screen's query in flight when the session turns out gone still answers, and the old user's data is gone", async () => {
  const client = new QueryClient();
  client.setQueryData(accountQueryKey, { id: 1, email: 'vorher@example.com' });
  client.setQueryData(['podcasts'], ['des vorigen Kontos']);
  watchSession(client, () => {});

  let answer!: (value: string) => void;
  let asked = 0;
  const invitation = new QueryObserver(client, {
    queryKey: ['invitation', 'token'],
    queryFn: () => {
      asked++;
      return new Promise<string>((resolve) => (answer = resolve));
    },
  });
  const unsubscribe = invitation.subscribe(() => {});
  expect(asked).toBe(1);

  // The probe answers: nobody is signed in (any more).
  await client.fetchQuery({ queryKey: accountQueryKey, queryFn: async () => null });
  expect(client.getQueryData(['podcasts'])).toBeUndefined();

  answer('Du bist eingeladen!');
  await vi.waitFor(() => expect(invitation.getCurrentResult().data).toBe('Du bist eingeladen!'));
  unsubscribe();
});
