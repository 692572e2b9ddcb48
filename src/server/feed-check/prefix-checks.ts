// Tracking prefixes on the latest episodes' audio links: a prefix is a redirect a measuring service
// puts in front of the file (OP3 `op3.dev/e/`, Podtrac `dts.podtrac.com/redirect.mp3/`, Blubrry
// `media.blubrry.com/<program>/`, Chartable `chtbl.com/track/<id>/`); they can be chained.
//
// Entscheidungen FC-3 and FC-4:
// - Chartable was shut down at the end of 2024: its prefix only adds a hop to a dead service, an
//   error ('Fehler'). OP3 measures openly: all is well, so no finding (the Feed-Check lists what
//   to do; a feed that moves to OP3 shows 'Kein Mess-Präfix' as fixed). Podtrac and Blubrry are
//   information: the Feed-Check has no severity below 'tip', so they are tips that say how their
//   numbers get here (an export upload).
// - No prefix at all: a tip that suggests OP3. No method explains OP3 itself (the content holds
//   exactly 99 methods), so the tips link 'Erfolgskennzahlen festlegen und monatlich prüfen'
//   (96), the method about which numbers to watch and where they come from.
import type { FeedFacts } from '../feeds/feed-facts.ts';
import { RECENT, type RawFinding } from './finding.ts';

const METRICS_METHOD = 96;

export const prefixes = {
  op3: /(^|[/.])op3\.dev\/e[,/]/i,
  podtrac: /(^|[/.])podtrac\.com\/(pts\/)?redirect\.[a-z0-9]+\//i,
  blubrry: /(^|[/.])media\.blubrry\.com\/[^/]+\//i,
  chartable: /(^|[/.])chtbl\.com\/track\//i,
} as const;
export type Prefix = keyof typeof prefixes;

/** The prefixes in one audio link (in any order of a chain). */
export const prefixesOf = (url: string) =>
  (Object.keys(prefixes) as Prefix[]).filter((prefix) => prefixes[prefix].test(url));

const CONNECT =
  'Verbinde OP3 unter „Hörerzahlen“ → „Datenquellen“, dann siehst du deine Downloads pro Tag in Kompass.';

export function prefixFindings(facts: FeedFacts): RawFinding[] {
  const links = facts.items.slice(0, RECENT).flatMap((item) => (item.enclosure ? [item.enclosure.url] : []));
  if (links.length === 0) return [];
  const using = (prefix: Prefix) => links.filter((url) => prefixes[prefix].test(url)).length;
  /** 'Die Audio-Links von 3 der letzten 10 Folgen laufen', with its verb. */
  const ofRecent = (n: number) =>
    links.length === 1
      ? 'Der Audio-Link der neuesten Folge läuft'
      : n === links.length
        ? `Die Audio-Links der letzten ${n} Folgen laufen`
        : `Die Audio-Links von ${n} der letzten ${links.length} Folgen ${n === 1 ? 'läuft' : 'laufen'}`;
  const findings: RawFinding[] = [];
  const add = (key: string, severity: RawFinding['severity'], message: string) =>
    findings.push({ key, severity, message, practices: [METRICS_METHOD] });

  const chartable = using('chartable');
  if (chartable > 0) {
    add(
      'prefix_chartable',
      'error',
      `${ofRecent(chartable)} noch über Chartable (chtbl.com). Chartable wurde Ende 2024 abgeschaltet: Das Präfix ist nur noch ein Umweg über einen toten Dienst, der Downloads scheitern lassen kann. Entferne es in den Einstellungen deines Hosters.`,
    );
  }
  const podtrac = using('podtrac');
  if (podtrac > 0) {
    add(
      'prefix_podtrac',
      'tip',
      `${ofRecent(podtrac)} über Podtrac. Seine Zahlen siehst du bei Podtrac; als Export (CSV) kannst du sie unter „Hörerzahlen“ hochladen.`,
    );
  }
  const blubrry = using('blubrry');
  if (blubrry > 0) {
    add(
      'prefix_blubrry',
      'tip',
      `${ofRecent(blubrry)} über Blubrry. Seine Statistik kannst du als Export (CSV) unter „Hörerzahlen“ hochladen.`,
    );
  }
  const measured = links.filter((url) => prefixesOf(url).some((p) => p !== 'chartable')).length;
  if (measured === 0) {
    add(
      'prefix_none',
      'tip',
      `${ofRecent(links.length)} über kein Mess-Präfix. Mit OP3 (op3.dev) misst du Downloads offen, kostenlos und unabhängig vom Hoster: Setze https://op3.dev/e/ vor die Audio-Links (viele Hoster haben dafür ein Feld). ${CONNECT}`,
    );
  }
  return findings;
}
