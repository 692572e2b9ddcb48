const colours = {
  blue: 'bg-blue-600',
  green: 'bg-green-600',
  brand: 'bg-brand-700',
} as const;

/** 0–100, and 0 when value or max is not positive (§9). */
export function progressPercent(value: number, max: number): number {
  if (!(value > 0) || !(max > 0)) return 0;
  return Math.min(100, Math.max(0, (value / max) * 100));
}

type Props = {
  value: number;
  max: number;
  /** What the bar measures, for screen readers ('Testphase'). */
  label: string;
  /** How a screen reader says the value ('12 von 30 Tagen'); the percentage otherwise. */
  valueText?: string;
  colour?: keyof typeof colours;
};

/** A progress bar (§9: capped 0–100, 0 if value or max not positive, blue by default). */
export function ProgressBar({ value, max, label, valueText, colour = 'blue' }: Props) {
  const percent = progressPercent(value, max);
  return (
    <div
      role="progressbar"
      aria-label={label}
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={Math.round(percent)}
      aria-valuetext={valueText}
      className="h-2.5 w-full overflow-hidden rounded-full bg-slate-200"
    >
      <div className={`h-full rounded-full ${colours[colour]}`} style={{ width: `${percent}%` }} />
    </div>
  );
}
