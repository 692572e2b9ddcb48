import { useConnectivity } from '../offline/connectivity.ts';
import { germanDateTime } from '../lib/lazy-format.ts';

/** The network (or the server) is out of reach: screens show the offline copies. */
export const useOffline = () => useConnectivity((s) => s.offline || s.unreachable);

/**
 * Says that the screen shows the cache, while the network (or the server) is out of reach, and
 * from when: the oldest offline copy shown since (sw/mirror.ts marks them with the server's date).
 * A compact bar (small type, two lines on a phone): inside the app it takes the place of the plan
 * link in the header's one status bar (app-layout.tsx), so the two never stack.
 */
export function OfflineBanner() {
  const offline = useOffline();
  const copyFrom = useConnectivity((s) => s.copyFrom);
  if (!offline) return null;
  return (
    <p
      role="status"
      className="bg-amber-100 px-3 py-1 text-center text-xs leading-snug font-medium text-amber-950 sm:text-sm"
    >
      Du bist offline – du siehst gespeicherte Daten.{' '}
      {copyFrom === undefined
        ? 'Sie können veraltet sein.'
        : `Stand: ${germanDateTime(copyFrom)} Uhr – sie können inzwischen veraltet sein.`}
    </p>
  );
}
