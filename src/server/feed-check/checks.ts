// The Feed-Check's rules: pure functions from what the feed says (feed-facts.ts) and its cover's
// header to findings. Sources: Apple Podcasts' and Spotify's feed requirements (cover 1400–3000 px,
// square, JPEG or PNG; a valid itunes:category; itunes:explicit; an owner e-mail; language;
// unique GUIDs and enclosures with type and length; https) and the Podcasting 2.0 namespace.
// Episode-level rules look at the latest RECENT episodes: what a podcaster does today matters.
// Each finding names the methods (practice ids) that address it.
import type { Severity } from '../../shared/feed-check.ts';
import type { FeedFacts, FeedItemFacts } from '../feeds/feed-facts.ts';

export type RawFinding = { key: string; severity: Severity; message: string; practices: number[] };

/** What the cover's header said; `missing` when the feed names none, `unreadable` when it failed. */
export type Artwork = { format: string; width: number; height: number } | 'missing' | 'unreadable';

export const RECENT = 10;

/** Apple's top-level categories since 2019 (subcategories sit inside these). */
export const APPLE_CATEGORIES = new Set([
  'Arts',
  'Business',
  'Comedy',
  'Education',
  'Fiction',
  'Government',
  'History',
  'Health & Fitness',
  'Kids & Family',
  'Leisure',
  'Music',
  'News',
  'Religion & Spirituality',
  'Science',
  'Society & Culture',
  'Sports',
  'Technology',
  'True Crime',
  'TV & Film',
]);
const EXPLICIT_VALUES = new Set(['true', 'false', 'yes', 'no', 'clean', 'explicit']);

const count = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

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

function artworkFindings(artwork: Artwork): RawFinding[] {
  const practices = [12, 16];
  if (artwork === 'missing') {
    return [
      {
        key: 'artwork_missing',
        severity: 'error',
        message:
          'Der Feed nennt kein Cover (itunes:image). Ohne Cover nehmen Apple Podcasts und Spotify deinen Podcast nicht auf.',
        practices,
      },
    ];
  }
  if (artwork === 'unreadable') {
    return [
      {
        key: 'artwork_unreadable',
        severity: 'error',
        message:
          'Das Cover aus dem Feed ließ sich nicht laden oder ist kein Bild. Prüfe die Adresse in itunes:image.',
        practices,
      },
    ];
  }
  const findings: RawFinding[] = [];
  if (artwork.format !== 'jpeg' && artwork.format !== 'png') {
    findings.push({
      key: 'artwork_format',
      severity: 'error',
      message: `Das Cover ist ein ${artwork.format.toUpperCase()}-Bild. Apple Podcasts und Spotify verlangen JPEG oder PNG.`,
      practices,
    });
  }
  if (artwork.width !== artwork.height) {
    findings.push({
      key: 'artwork_square',
      severity: 'error',
      message: `Das Cover ist ${artwork.width} × ${artwork.height} Pixel groß. Verzeichnisse verlangen ein quadratisches Bild.`,
      practices,
    });
  }
  const side = Math.min(artwork.width, artwork.height);
  if (side < 1400 || Math.max(artwork.width, artwork.height) > 3000) {
    findings.push({
      key: 'artwork_size',
      severity: 'error',
      message: `Das Cover ist ${artwork.width} × ${artwork.height} Pixel groß. Apple Podcasts verlangt 1400 bis 3000 Pixel je Seite.`,
      practices,
    });
  }
  return findings;
}

function channelFindings(facts: FeedFacts, feedUrl: string): RawFinding[] {
  const findings: RawFinding[] = [];
  const add = (key: string, severity: Severity, message: string, practices: number[]) =>
    findings.push({ key, severity, message, practices });
  if (facts.itunesCategories.length === 0) {
    add(
      'category_missing',
      'error',
      'Der Feed nennt keine itunes:category. Ohne Kategorie wirst du in den Verzeichnissen nicht gefunden.',
      [4, 2],
    );
  } else {
    const unknown = facts.itunesCategories.filter((c) => !APPLE_CATEGORIES.has(c));
    if (unknown.length > 0) {
      add(
        'category_invalid',
        'error',
        `Apple Podcasts kennt die Kategorie „${unknown[0]}“ nicht. Wähle eine aus Apples Liste (z. B. „Society & Culture“).`,
        [4, 2],
      );
    }
  }
  if (!facts.explicit || !EXPLICIT_VALUES.has(facts.explicit)) {
    add(
      'explicit_missing',
      'error',
      'Der Feed sagt nicht, ob er explizite Inhalte hat (itunes:explicit mit true oder false). Apple Podcasts verlangt die Angabe.',
      [2],
    );
  }
  if (!facts.ownerEmail) {
    add(
      'owner_email_missing',
      'warning',
      'Der Feed nennt keine E-Mail-Adresse des Eigentümers (itunes:owner). Über sie bestätigst du bei Spotify und anderen Verzeichnissen, dass der Podcast dir gehört.',
      [2],
    );
  }
  if (!facts.language) {
    add(
      'language_missing',
      'error',
      'Der Feed nennt keine Sprache (language, z. B. „de“). Spotify verlangt sie, und Verzeichnisse sortieren danach.',
      [2, 4],
    );
  }
  const titleLength = [...facts.title].length;
  if (titleLength === 0) {
    add('title_missing', 'error', 'Der Feed nennt keinen Titel des Podcasts.', [4]);
  } else if (titleLength > 60) {
    add(
      'title_long',
      'tip',
      `Der Titel hat ${titleLength} Zeichen. Podcast-Apps kürzen ihn nach etwa 60 Zeichen: Das Wichtigste gehört nach vorn.`,
      [4, 5],
    );
  }
  const descriptionLength = [...facts.description].length;
  if (descriptionLength === 0) {
    add(
      'description_missing',
      'error',
      'Der Feed hat keine Beschreibung des Podcasts. Sie entscheidet in den Verzeichnissen, ob jemand reinhört.',
      [4, 5],
    );
  } else if (descriptionLength < 50) {
    add(
      'description_short',
      'warning',
      `Die Beschreibung hat nur ${descriptionLength} Zeichen. Sag in zwei, drei Sätzen, für wen der Podcast ist und was man davon hat.`,
      [4, 5],
    );
  } else if (descriptionLength > 4000) {
    add(
      'description_long',
      'error',
      `Die Beschreibung hat ${descriptionLength} Zeichen. Apple Podcasts nimmt höchstens 4000.`,
      [4],
    );
  }
  if (!facts.podcastGuid) {
    add(
      'podcast_guid',
      'tip',
      'Der Feed hat kein podcast:guid. Diese feste Kennung hält deinen Podcast in Apps auffindbar, auch wenn die Feed-Adresse wechselt.',
      [2],
    );
  }
  if (!facts.locked) {
    add(
      'podcast_locked',
      'tip',
      'Der Feed hat kein podcast:locked. Damit verhinderst du, dass jemand deinen Feed bei einer anderen Plattform als seinen ausgibt.',
      [2],
    );
  }
  if (!facts.funding) {
    add(
      'podcast_funding',
      'tip',
      'Der Feed hat kein podcast:funding. Apps zeigen darüber einen Link, über den Hörer*innen dich unterstützen können.',
      [86, 87],
    );
  }
  const insecure = [
    feedUrl.startsWith('http:') ? 'den Feed' : null,
    facts.imageHref?.startsWith('http:') ? 'das Cover' : null,
    facts.items.slice(0, RECENT).some((i) => i.enclosure?.url.startsWith('http:')) ? 'Audiodateien' : null,
  ].filter(Boolean);
  if (insecure.length > 0) {
    add(
      'https',
      'warning',
      `Der Feed lädt ${insecure.join(', ')} ohne https. Manche Apps und Browser blockieren solche Adressen.`,
      [2, 97],
    );
  }
  return findings;
}

function itemFindings(facts: FeedFacts): RawFinding[] {
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
      'Der Feed nennt niemanden mit podcast:person. Apps verlinken so Hosts und Gäste, und deren Publikum findet dich.',
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

const ORDER: Record<Severity, number> = { error: 0, warning: 1, tip: 2 };

/** Every finding of a feed, errors first. */
export function checkFeed(facts: FeedFacts, feedUrl: string, artwork: Artwork): RawFinding[] {
  return [...artworkFindings(artwork), ...channelFindings(facts, feedUrl), ...itemFindings(facts)].sort(
    (a, b) => ORDER[a.severity] - ORDER[b.severity],
  );
}
