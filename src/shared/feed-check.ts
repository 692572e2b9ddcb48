// The Feed-Check: what is wrong with a podcast's feed, which methods help, and how
// regularly it publishes. GET /api/podcasts/{id}/feed-check; the screen 'Feed-Check'.
import { z } from 'zod';
import { oneOf, resource } from './api.ts';
import { vocabulary } from './vocabulary.ts';

export const severity = vocabulary({ error: 'Fehler', warning: 'Warnung', tip: 'Tipp' });
export type Severity = (typeof severity.keys)[number];

export const weekdays = ['Sonntag', 'Montag', 'Dienstag', 'Mittwoch', 'Donnerstag', 'Freitag', 'Samstag'];

/** Every check's title, by key: the report's findings carry them, the resolved list names keys. */
export const checkTitles: Record<string, string> = {
  feed_unreadable: 'Feed nicht lesbar',
  artwork_missing: 'Kein Cover im Feed',
  artwork_unreadable: 'Cover nicht lesbar',
  artwork_format: 'Cover weder JPEG noch PNG',
  artwork_square: 'Cover nicht quadratisch',
  artwork_size: 'Cover in falscher Größe',
  category_missing: 'Keine iTunes-Kategorie',
  category_invalid: 'Unbekannte iTunes-Kategorie',
  explicit_missing: 'Keine Angabe zu expliziten Inhalten',
  owner_email_missing: 'Keine E-Mail-Adresse des Eigentümers',
  language_missing: 'Keine Sprache angegeben',
  title_missing: 'Kein Titel des Podcasts',
  title_long: 'Sehr langer Podcast-Titel',
  description_missing: 'Keine Beschreibung des Podcasts',
  description_short: 'Sehr kurze Beschreibung des Podcasts',
  description_long: 'Beschreibung zu lang',
  guid_missing: 'Folgen ohne GUID',
  guid_duplicate: 'Doppelte GUIDs',
  enclosure_missing: 'Folgen ohne Audiodatei',
  enclosure_duplicate: 'Doppelte Audiodateien',
  enclosure_type: 'Audiodatei ohne passenden Typ',
  enclosure_length: 'Audiodatei ohne Größenangabe',
  https: 'Adressen ohne https',
  podcast_guid: 'Kein podcast:guid',
  podcast_locked: 'Kein podcast:locked',
  podcast_funding: 'Kein podcast:funding',
  podcast_transcript: 'Keine Transkripte',
  podcast_chapters: 'Keine Kapitelmarken',
  podcast_person: 'Keine Mitwirkenden (podcast:person)',
  episode_numbers: 'Folgen ohne Nummer',
  episode_title_bare: 'Folgentitel ohne Thema',
  episode_title_long: 'Lange Folgentitel',
  shownotes_short: 'Kurze Shownotes',
  shownotes_links: 'Shownotes ohne Links',
  rhythm_irregular: 'Unregelmäßiger Rhythmus',
  rhythm_gap: 'Lange Pause seit der letzten Folge',
  prefix_chartable: 'Chartable-Präfix auf einen abgeschalteten Dienst',
  prefix_podtrac: 'Podtrac misst mit',
  prefix_blubrry: 'Blubrry misst mit',
  prefix_none: 'Kein Mess-Präfix',
};

export const finding = z.object({
  key: z.string(),
  severity: oneOf(severity),
  title: z.string(),
  message: z.string(),
  practices: z.array(z.object({ id: z.number(), title: z.string() })),
});
export type Finding = z.infer<typeof finding>;

export const rhythm = z.object({
  episodes: z.number(),
  /** Median days between two episodes; null below two dated episodes. */
  median_days: z.number().nullable(),
  /** Share of intervals within half the median of it (1 = like clockwork). */
  regularity: z.number().nullable(),
  days_since_last: z.number().nullable(),
  /** Days between the two newest episodes (a comeback after a pause). */
  last_gap_days: z.number().nullable().default(null),
  /** 0 = Sunday; the day most episodes came out, when at least half did. */
  weekday: z.number().nullable(),
  /** The last 12 calendar months (yyyy-MM, Berlin) up to the newest episode, oldest first, months
   * without one included: episodes and their mean duration in whole minutes (null: none given). */
  months: z.array(z.object({ month: z.string(), episodes: z.number(), minutes: z.number().nullable() })),
});
export type Rhythm = z.infer<typeof rhythm>;

export const feedCheckResource = resource(
  z.object({
    checked_at: z.string(),
    findings: z.array(finding),
    /** Keys of the report before that this one no longer finds (titles: `checkTitles`). */
    resolved: z.array(z.string()),
    rhythm,
  }),
);
export type FeedCheck = z.infer<typeof feedCheckResource>['data'];

export const feedCheckMessages = {
  none: 'Für diesen Podcast gibt es noch keinen Feed-Check. Er läuft beim nächsten Abruf des Feeds.',
  noFeed: 'Dieser Podcast hat keinen RSS-Feed. Trage ihn in den Einstellungen ein, dann prüfen wir ihn.',
};
