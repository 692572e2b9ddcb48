import { Link } from '@tanstack/react-router';

/** §6: a Basic podcast sees this instead of tips: what Studio Pro brings, and where to get it. */
export function ProUpsell({ podcastId, title }: { podcastId: number; title: string }) {
  return (
    <div className="rounded-2xl border border-amber-200 bg-amber-50 p-5 text-amber-950">
      <p className="font-semibold">Tipps von der Kompass-KI gibt es in Studio Pro</p>
      <p className="mt-1 text-sm">
        Für „{title}“ ist Studio Pro gerade nicht aktiv. Mit Studio Pro gibt dir die Kompass-KI Tipps zu
        deinen Zielen, Kennzahlen und Experimenten.
      </p>
      <Link
        to="/app/podcasts/$id/conversion"
        params={{ id: String(podcastId) }}
        className="mt-3 inline-flex min-h-11 items-center rounded-lg bg-amber-900 px-4 font-semibold text-white hover:bg-amber-950"
      >
        Kompass-KI aktivieren
      </Link>
    </div>
  );
}
