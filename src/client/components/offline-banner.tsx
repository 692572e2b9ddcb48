import { useConnectivity } from '../lib/connectivity.ts';

/** Says that the screen shows the cache, while the network (or the server) is out of reach. */
export function OfflineBanner() {
  const offline = useConnectivity((s) => s.offline || s.unreachable);
  if (!offline) return null;
  return (
    <p role="status" className="bg-amber-100 px-4 py-2 text-center text-sm font-medium text-amber-950">
      Du bist offline – du siehst gespeicherte Daten.
    </p>
  );
}
