const MAX = 3;

/**
 * Points 0–3 as stars (§4: none, low, medium, high). One image for assistive technology, named
 * like '2 von 3 Sternen'; the single stars are decoration.
 */
export function LevelStars({ points }: { points: number }) {
  const filled = Math.min(MAX, Math.max(0, Math.round(points)));
  return (
    <span role="img" aria-label={`${filled} von ${MAX} Sternen`} className="inline-flex gap-0.5">
      {Array.from({ length: MAX }, (_, i) => (
        <Star key={i} filled={i < filled} />
      ))}
    </span>
  );
}

function Star({ filled }: { filled: boolean }) {
  return (
    <svg
      viewBox="0 0 20 20"
      aria-hidden="true"
      className={`size-5 ${filled ? 'fill-amber-500 text-amber-600' : 'fill-none text-slate-400'}`}
      stroke="currentColor"
      strokeWidth="1.5"
      strokeLinejoin="round"
    >
      <path d="M10 1.8l2.5 5.2 5.7.8-4.1 4 1 5.7L10 14.8l-5.1 2.7 1-5.7-4.1-4 5.7-.8z" />
    </svg>
  );
}
