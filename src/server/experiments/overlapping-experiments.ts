// Another experiment of the same podcast running over the measured days: the downloads cannot say
// which of them moved them, so the answer says that the effect belongs to both (Entscheidung
// EXP-7).
import type { Db } from '../db/database.ts';

export type Span = { id: number; title: string; starts_at: string; ends_at: string };

/** The podcast's experiments (not deleted) that touch `from`…`to`. */
export function readSpans(db: Db, podcastId: number, from: string, to: string): Promise<Span[]> {
  return db
    .selectFrom('experiments')
    .select(['id', 'title', 'starts_at', 'ends_at'])
    .where('podcast_id', '=', podcastId)
    .where('deleted_at', 'is', null)
    .where('starts_at', '<=', to)
    .where('ends_at', '>=', from)
    .orderBy('starts_at')
    .orderBy('id')
    .execute();
}

const names = (titles: string[]) =>
  titles.length === 1
    ? `„${titles[0]}“`
    : `${titles
        .slice(0, -1)
        .map((t) => `„${t}“`)
        .join(', ')} und „${titles.at(-1)}“`;

/**
 * The sentence for the experiment `id` measured over `from`…`to` (its days with a figure), or ''
 * when no other experiment ran on any of them.
 */
export function overlapNote(id: number, from: string, to: string, spans: readonly Span[]) {
  const others = spans.filter((s) => s.id !== id && s.starts_at <= to && s.ends_at >= from);
  if (others.length === 0) return '';
  const titles = others.map((s) => s.title);
  return others.length === 1
    ? `Zur selben Zeit lief auch das Experiment ${names(titles)}: Die Wirkung gehört zu beiden Experimenten, Kompass kann sie nicht aufteilen.`
    : `Zur selben Zeit liefen auch die Experimente ${names(titles)}: Die Wirkung gehört zu allen ${others.length + 1} Experimenten zusammen, Kompass kann sie nicht aufteilen.`;
}
