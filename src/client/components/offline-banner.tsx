import { useConnectivity } from '../lib/connectivity.ts';

const asOf = (ms: number) =>
  new Intl.DateTimeFormat('de-DE', {
    timeZone: 'Europe/Berlin',
    dateStyle: 'medium',
    timeStyle: 'short',
  }).format(new Date(ms));

/**
 * Says that the screen shows the cache, while the network (or the server) is out of reach, and
 * from when: the oldest offline copy shown since (sw/mirror.ts marks them with the server's date).
 */
export function OfflineBanner() {
  const offline = useConnectivity((s) => s.offline || s.unreachable);
  const copyFrom = useConnectivity((s) => s.copyFrom);
  if (!offline) return null;
  return (
    <p role="status" className="bg-amber-100 px-4 py-2 text-center text-sm font-medium text-amber-950">
      Du bist offline – du siehst gespeicherte Daten.{' '}
      {copyFrom === undefined
        ? 'Sie können veraltet sein.'
        : `Stand: ${asOf(copyFrom)} Uhr – sie können inzwischen veraltet sein.`}
    </p>
  );
}
