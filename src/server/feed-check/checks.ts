// The Feed-Check's rules: pure functions from what the feed says (feed-facts.ts) and its cover's
// header to findings. Sources: Apple Podcasts' and Spotify's feed requirements (cover 1400–3000 px,
// square, JPEG or PNG; a valid itunes:category; itunes:explicit; an owner e-mail; language;
// unique GUIDs and enclosures with type and length; https) and the Podcasting 2.0 namespace.
// Episode-level rules look at the latest RECENT episodes: what a podcaster does today matters.
// Each finding names the methods (practice ids) that address it.
import type { Severity } from '../../shared/feed-check.ts';
import type { Artwork } from '../feeds/artwork.ts';
import type { FeedFacts } from '../feeds/feed-facts.ts';
import { itemFindings } from './episode-checks.ts';
import { RECENT, type RawFinding } from './finding.ts';
import { prefixFindings } from './prefix-checks.ts';

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
      'Der Feed nennt keine Kategorie (itunes:category). Ohne Kategorie wirst du in den Verzeichnissen nicht gefunden.',
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
      'Der Feed hat keine feste Kennung (podcast:guid). Diese Kennung hält deinen Podcast in Apps auffindbar, auch wenn die Feed-Adresse wechselt.',
      [2],
    );
  }
  if (!facts.locked) {
    add(
      'podcast_locked',
      'tip',
      'Der Feed hat keine Umzugssperre (podcast:locked). Damit verhinderst du, dass jemand deinen Feed bei einer anderen Plattform als seinen ausgibt.',
      [2],
    );
  }
  if (!facts.funding) {
    add(
      'podcast_funding',
      'tip',
      'Der Feed hat keinen Unterstützungslink (podcast:funding). Apps zeigen darüber einen Link, über den Hörer*innen dich unterstützen können.',
      [86, 87],
    );
  }
  const insecure = [
    feedUrl.startsWith('http:') ? 'der Feed selbst' : null,
    facts.imageHref?.startsWith('http:') ? 'das Cover' : null,
    facts.items.slice(0, RECENT).some((i) => i.enclosure?.url.startsWith('http:')) ? 'Audiodateien' : null,
  ].filter(Boolean);
  if (insecure.length > 0) {
    add(
      'https',
      'warning',
      `Ohne https geladen: ${insecure.join(', ')}. Manche Apps und Browser blockieren solche Adressen.`,
      [2, 97],
    );
  }
  return findings;
}

const ORDER: Record<Severity, number> = { error: 0, warning: 1, tip: 2 };

/** Every finding of a feed, errors first. */
export function checkFeed(facts: FeedFacts, feedUrl: string, artwork: Artwork): RawFinding[] {
  return [
    ...artworkFindings(artwork),
    ...channelFindings(facts, feedUrl),
    ...itemFindings(facts),
    ...prefixFindings(facts),
  ].sort((a, b) => ORDER[a.severity] - ORDER[b.severity]);
}
