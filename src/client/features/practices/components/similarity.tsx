/** §9: a similarity of 0.9 or more is highlighted as advice ('Kompass'). */
export const ADVICE_THRESHOLD = 0.9;

export const percent = (similarity: number) => `${Math.round(similarity * 100)} %`;

/**
 * The recommendation score as a rounded percent; at 0.9 or more the 'Kompass' highlight. Nothing
 * without a score (Basic podcasts get none from the server).
 */
export function SimilarityBadge({ similarity }: { similarity: number | null | undefined }) {
  if (similarity === null || similarity === undefined) return null;
  if (similarity >= ADVICE_THRESHOLD) {
    return (
      <span className="inline-flex items-center gap-1 rounded-full bg-amber-100 px-2.5 py-1 text-xs font-bold text-amber-900">
        Kompass {percent(similarity)}
        <span className="sr-only"> passend</span>
      </span>
    );
  }
  return (
    <span className="inline-flex rounded-full bg-slate-100 px-2.5 py-1 text-xs font-semibold text-slate-800">
      {percent(similarity)}
      <span className="sr-only"> passend</span>
    </span>
  );
}
