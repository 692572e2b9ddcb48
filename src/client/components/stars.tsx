/** 0–3 stars for a level none/low/medium/high (§4: potential levels and goals as stars). */
export function Stars({ points, max = 3 }: { points: number; max?: number }) {
  return (
    <span aria-hidden="true" className="inline-flex gap-0.5">
      {Array.from({ length: max }, (_, i) => (
        <svg
          key={i}
          viewBox="0 0 20 20"
          className={`size-5 ${i < points ? 'text-amber-500' : 'text-slate-300'}`}
        >
          <path
            fill="currentColor"
            d="M10 1.5l2.6 5.3 5.9.9-4.3 4.1 1 5.8L10 14.9l-5.2 2.7 1-5.8L1.5 7.7l5.9-.9z"
          />
        </svg>
      ))}
    </span>
  );
}
