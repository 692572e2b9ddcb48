// Limits and counts of the spec (§9) that screens show or ask with: without zod (Entscheidung
// SHR-6), so a screen's first paint does not load the schema library with them.
// The schema modules re-export them.

/** Experiment fields (experiments.ts). */
export const TITLE_MAX = 120;
export const NOTES_MAX = 2000;
export const COMMENT_MAX = 2000;

/** One page of the method list (the card grid appends pages). */
export const PRACTICES_PER_PAGE = 12;
/** The most methods one request may ask for (`records`, the experiment's method selector). */
export const MAX_PRACTICE_RECORDS = 1000;
/** Widgets 'Als Nächstes empfohlen' and 'Passende Methoden' show three (§9). */
export const WIDGET_ITEMS = 3;
/** From this similarity on a method is highlighted as 'Kompass' (§9). */
export const KOMPASS_SIMILARITY = 0.9;

/** The assistant button shows this many tips (§9). */
export const ASSISTANT_TIPS = 5;
/** It asks for new ones this often (§9). */
export const ASSISTANT_POLL_MS = 10_000;
