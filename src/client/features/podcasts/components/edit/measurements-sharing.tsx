import { useSaveSetting } from '../../api/save-setting.ts';
import { useSettings } from '../../api/get-settings.ts';

/** The podcast setting behind it (server: practices/pooled-queries.ts PRIVATE_SETTING). */
const KEY = 'measurements_private';

/**
 * 'Meine Messungen nicht für andere verwenden': keeps the podcast's measured experiment effects
 * out of the methods' „Bei N Podcasts wie deinem“ (they leave it at once when ticked).
 */
export function MeasurementsSharing({ podcastId, editable }: { podcastId: number; editable: boolean }) {
  const settings = useSettings(podcastId);
  const save = useSaveSetting(podcastId);
  const checked = settings.data?.some((s) => s.key === KEY && s.value === '1') ?? false;
  return (
    <div className="mt-8 border-t border-slate-200 pt-6">
      <h3 className="font-semibold text-slate-900">Gemeinsame Auswertung</h3>
      <p className="mt-1 text-sm text-slate-600">
        Die gemessene Wirkung deiner beendeten Experimente fließt ohne Namen in „Bei N Podcasts wie deinem“
        einer Methode ein, sichtbar erst ab fünf Podcasts und nur in ganzen Prozent. Deine täglichen
        Downloads, auf ihr eigenes Mittel umgerechnet und mit mindestens 19 anderen Podcasts zusammengefasst,
        helfen herauszurechnen, was alle Podcasts zur selben Zeit erleben (etwa an Weihnachten).
      </p>
      <label className="mt-3 flex min-h-11 items-center gap-3 text-slate-900">
        <input
          type="checkbox"
          className="size-5"
          checked={checked}
          disabled={!editable || !settings.isSuccess || save.isPending}
          onChange={(e) => save.mutate({ key: KEY, value: e.target.checked ? '1' : '0' })}
        />
        Meine Messungen nicht für andere verwenden
      </label>
      {save.isError && (
        <p role="alert" className="mt-1 text-sm text-red-700">
          Die Einstellung konnte nicht gespeichert werden. Versuche es erneut.
        </p>
      )}
    </div>
  );
}
