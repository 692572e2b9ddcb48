// What Kompass will be able to tell after the planned days (GET …/effect-detectable), on the
// experiment form and in 'Wirkung' until the first day is counted: „Mit deinen bisherigen
// Downloads erkennt Kompass nach 28 Tagen Veränderungen ab etwa ±18 %. …“, or what is missing.
import type { EffectDetectable } from '../../../../shared/effect-detectable.ts';

export function DetectableNote({ detectable }: { detectable: EffectDetectable }) {
  return (
    <div className="rounded-lg bg-slate-50 p-3 text-sm text-slate-700" data-testid="effect-detectable">
      <p className="font-medium text-slate-900">Was Kompass erkennen kann</p>
      <p>{detectable.message}</p>
    </div>
  );
}

/** The planned run in days from the form's two dates (yyyy-MM-dd), or null while one is missing. */
export function plannedDays(startsAt: string, endsAt: string) {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(startsAt) || !/^\d{4}-\d{2}-\d{2}$/.test(endsAt)) return null;
  const days = Math.round((Date.parse(endsAt) - Date.parse(startsAt)) / 86_400_000) + 1;
  return days >= 1 && days <= 366 ? days : null;
}
