// What Kompass will be able to tell after the planned days (GET …/effect-detectable), on the
// experiment form and in 'Wirkung' until the first day is counted: „Mit deinen bisherigen
// Downloads erkennt Kompass nach 28 Tagen Veränderungen ab etwa ±18 %. …“, or what is missing.
import type { EffectDetectable } from '../../../../shared/effect-detectable.ts';

/** keepPlace: the message's place holds its longest answer (six lines on a phone, three wider). */
export function DetectableNote({
  message,
  busy = false,
  keepPlace = false,
}: {
  message: string;
  busy?: boolean;
  keepPlace?: boolean;
}) {
  return (
    <div
      className="rounded-lg bg-slate-50 p-3 text-sm text-slate-700"
      data-testid="effect-detectable"
      aria-busy={busy || undefined}
    >
      <p className="font-medium text-slate-900">Was Kompass erkennen kann</p>
      <p aria-live="polite" className={keepPlace ? 'min-h-[7.5rem] sm:min-h-[3.75rem]' : undefined}>
        {message}
      </p>
    </div>
  );
}

/**
 * The form's note from the first paint on, at the height of its longest answer, saying what it
 * waits for while the dates are missing or the answer is on its way. Decided 2026-12-07: the note
 * appearing only with its answer, after the dates were set, moved the button below it by about
 * 150 px, under a tap already on its way (a WebKit click in CI landed beside it).
 */
export function formDetectableNote(
  days: number | null,
  answer: { data?: EffectDetectable; isError: boolean },
): { message: string; busy?: boolean } {
  if (days === null)
    return {
      message:
        'Sobald Start und Ende feststehen, sagt Kompass hier aus deinen bisherigen Downloads, ab welcher Veränderung es nach den geplanten Tagen etwas erkennen kann.',
    };
  if (answer.data) return { message: answer.data.message };
  // No promise that the form can be sent: offline it cannot (the button says so, OnlineOnly).
  if (answer.isError) return { message: 'Was Kompass erkennen kann, lässt sich gerade nicht abrufen.' };
  return {
    message:
      'Kompass rechnet aus deinen bisherigen Downloads aus, ab welcher Veränderung es nach den geplanten Tagen etwas erkennen kann …',
    busy: true,
  };
}

/** The planned run in days from the form's two dates (yyyy-MM-dd), or null while one is missing. */
export function plannedDays(startsAt: string, endsAt: string) {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(startsAt) || !/^\d{4}-\d{2}-\d{2}$/.test(endsAt)) return null;
  const days = Math.round((Date.parse(endsAt) - Date.parse(startsAt)) / 86_400_000) + 1;
  return days >= 1 && days <= 366 ? days : null;
}
