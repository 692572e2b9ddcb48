// Whether the feed gave any month a duration (itunes:duration): else the chart has no minutes axis.
// Decision 2026-12-01: a file of its own, which the table (rhythm-months.tsx) and the lazily loaded
// chart (rhythm-plot.ts) both import; the chart importing it from the table drew a circle. Not
// beside the schema in shared/feed-check.ts: that module builds zod schemas when it loads, and the
// dashboard's rhythm widget needs this on its first screen.
import type { Rhythm } from '../../../../../shared/feed-check.ts';

export const hasDurations = (months: Rhythm['months']) => months.some((m) => m.minutes !== null);
