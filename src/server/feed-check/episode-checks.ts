// The Feed-Check's rules for the episodes: GUIDs and enclosures (Apple Podcasts, Spotify), the
// Podcasting 2.0 tags of the latest RECENT episodes, numbers, titles that front-load their topic,
// show notes with links.
import type { Severity } from '../../shared/feed-check.ts';
import type { FeedFacts, FeedItemFacts } from '../feeds/feed-facts.ts';
import { RECENT, count, type RawFinding } from './finding.ts';

/** A title that is only a label and a number: 'Folge 12', '#12', 'Episode 12', '12'. */
export const bareTitle = (title: string) =>
  /^(folge|episode|ep\.?|teil|nr\.?|nummer|#)?\s*#?\s*\d+\s*[:.\-–]?\s*$/i.test(title.trim());

/** A title whose topic comes late: a number or the show's name first, or over 80 characters. */
export function lateTopic(title: string, showTitle: string) {
  const t = title.trim().toLowerCase();
  const show = showTitle.trim().toLowerCase();
  return (
    [...title].length > 80 ||
    /^(folge|episode|ep\.?|teil|nr\.?|#)\s*#?\s*\d+/i.test(t) ||
    (show.length > 3 && t.startsWith(show))
  );
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

function duplicates(values: (string | null | undefined)[]): number {
  const seen = new Set<string>();
  let twice = 0;
  for (const value of values) {
    if (!value) continue;
    if (seen.has(value)) twice++;
    else seen.add(value);
  }
  return twice;
}

export function itemFindings(facts: FeedFacts): RawFinding[] {
  const findings: RawFinding[] = [];
  const add = (key: string, severity: Severity, message: string, practices: number[]) =>
    findings.push({ key, severity, message, practices });
  const items = facts.items;
  if (items.length === 0) return findings;
  const recent: FeedItemFacts[] = items.slice(0, RECENT);
  const ofRecent = (n: number) => `${n} der letzten ${recent.length} Folgen`;

  const noGuid = items.filter((i) => !i.guid).length;
  if (noGuid > 0) {
    add(
      'guid_missing',
      'error',
      `${count(noGuid, 'Folge hat', 'Folgen haben')} keine GUID. Ohne sie erkennen Apps eine Folge nach einer Änderung nicht wieder und zeigen sie doppelt.`,
      [2, 97],
    );
  }
  const twiceGuid = duplicates(items.map((i) => i.guid));
  if (twiceGuid > 0) {
    add(
      'guid_duplicate',
      'error',
      `${count(twiceGuid, 'Folge trägt', 'Folgen tragen')} eine GUID, die schon eine andere Folge hat. Apps zeigen dann nur eine davon.`,
      [2, 97],
    );
  }
  const noEnclosure = items.filter((i) => !i.enclosure).length;
  if (noEnclosure > 0) {
    add(
      'enclosure_missing',
      'error',
      `${count(noEnclosure, 'Folge hat', 'Folgen haben')} keine Audiodatei (enclosure). Verzeichnisse lassen sie weg.`,
      [97],
    );
  }
  const twiceEnclosure = duplicates(items.map((i) => i.enclosure?.url));
  if (twiceEnclosure > 0) {
    add(
      'enclosure_duplicate',
      'error',
      `${count(twiceEnclosure, 'Folge verweist', 'Folgen verweisen')} auf eine Audiodatei, die schon eine andere Folge nutzt.`,
      [97],
    );
  }
  const badType = items.filter((i) => i.enclosure && !/^(audio|video)\//i.test(i.enclosure.type)).length;
  if (badType > 0) {
    add(
      'enclosure_type',
      'error',
      `${count(badType, 'Audiodatei hat', 'Audiodateien haben')} keinen passenden Typ (z. B. „audio/mpeg“). Apple Podcasts verlangt ihn.`,
      [97],
    );
  }
  const noLength = items.filter((i) => i.enclosure && !i.enclosure.length).length;
  if (noLength > 0) {
    add(
      'enclosure_length',
      'warning',
      `${count(noLength, 'Audiodatei nennt', 'Audiodateien nennen')} keine Größe in Bytes (length). Apps können dann den Download nicht einschätzen.`,
      [97],
    );
  }
  if (!recent.some((i) => i.transcript)) {
    add(
      'podcast_transcript',
      'tip',
      'Keine der letzten Folgen hat ein Transkript (podcast:transcript). Apple Podcasts und andere Apps zeigen es mitlesbar an, Suchmaschinen finden deine Inhalte.',
      [7, 8],
    );
  }
  if (!recent.some((i) => i.chapters)) {
    add(
      'podcast_chapters',
      'tip',
      'Keine der letzten Folgen hat Kapitelmarken (podcast:chapters). Mit Kapiteln springen Hörer*innen zu dem, was sie interessiert.',
      [1, 10],
    );
  }
  if (!facts.person && !recent.some((i) => i.person)) {
    add(
      'podcast_person',
      'tip',
      'Der Feed nennt keine Mitwirkenden (podcast:person). Apps verlinken so Hosts und Gäste, und deren Publikum findet dich.',
      [42, 43],
    );
  }
  const unnumbered = recent.filter((i) => i.episode === null).length;
  if (unnumbered * 2 > recent.length) {
    add(
      'episode_numbers',
      'tip',
      `${ofRecent(unnumbered)} haben keine Folgennummer (itunes:episode). Nummern und Staffeln helfen Apps, die Reihenfolge zu zeigen.`,
      [92, 94],
    );
  }
  const bare = recent.filter((i) => bareTitle(i.title)).length;
  if (bare > 0) {
    add(
      'episode_title_bare',
      'warning',
      `${ofRecent(bare)} heißen nur wie eine Nummer (z. B. „Folge 12“). Niemand sucht danach: Nenne das Thema im Titel.`,
      [3, 5],
    );
  }
  const late = recent.filter((i) => !bareTitle(i.title) && lateTopic(i.title, facts.title)).length;
  if (late * 2 > recent.length) {
    add(
      'episode_title_long',
      'tip',
      `Bei ${ofRecent(late)} steht das Thema erst hinten (Nummer oder Podcast-Name zuerst, oder über 80 Zeichen). Apps kürzen Titel: Das Thema gehört an den Anfang.`,
      [3],
    );
  }
  const notes = median(recent.map((i) => i.notesLength));
  if (notes < 200) {
    add(
      'shownotes_short',
      'warning',
      `Die Shownotes der letzten Folgen haben meist nur ${Math.round(notes)} Zeichen. Beschreibe, worum es geht, mit Stichworten, nach denen gesucht wird.`,
      [1, 37, 9],
    );
  }
  const withoutLinks = recent.filter((i) => i.notesLinks === 0).length;
  if (withoutLinks * 2 > recent.length) {
    add(
      'shownotes_links',
      'tip',
      `${ofRecent(withoutLinks)} haben keine Links in den Shownotes. Verlinke Gäste, Quellen und deine Website.`,
      [1, 37, 38],
    );
  }
  return findings;
}
