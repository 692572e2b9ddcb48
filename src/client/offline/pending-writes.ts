// Whether the page has a write on its way: a mutation in flight (or paused, offline), or items the
// offline outbox reports as waiting. An app update waits for these before it reloads the page.
import { useIsMutating } from '@tanstack/react-query';
import { create } from 'zustand';

const useOutbox = create<{ waiting: number }>(() => ({ waiting: 0 }));

/** For the outbox: how many of its items still wait to be sent ('wartet auf Verbindung'). */
export function reportOutboxWaiting(waiting: number) {
  useOutbox.setState({ waiting });
}

export function usePendingWrites(): boolean {
  const mutating = useIsMutating();
  const waiting = useOutbox((s) => s.waiting);
  return mutating > 0 || waiting > 0;
}
