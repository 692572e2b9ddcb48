// Whether the feed gave any month a duration (itunes:duration): else the chart has no minutes axis.
// Entscheidung FPOD-2: a file of its own, which the table (rhythm-months.tsx) and the lazily loaded
// chart (rhythm-plot.ts) both import; not in shared/feed-check.ts, which builds zod schemas.
import type { Rhythm } from '../../../../../shared/feed-check.ts';

export const hasDurations = (months: Rhythm['months']) => months.some((m) => m.minutes !== null);
