// The spec's fixed vocabularies (§9) and the German labels (`trans`) the API sends with each key.
// No zod here (Entscheidung SHR-6): the screens' labels load without the schema library;
// a schema takes a vocabulary's keys with `oneOf` (api.ts).

/** A vocabulary's keys together with their German labels, so a key never exists without a label. */
export function vocabulary<const K extends string>(labels: Record<K, string>) {
  const keys = Object.keys(labels) as [K, ...K[]];
  return { keys, labels };
}

export type Vocabulary<K extends string = string> = ReturnType<typeof vocabulary<K>>;

export const audienceSize = vocabulary({
  pre_launch: 'Vor dem Start',
  lt_1k: 'Unter 1.000 Hörer*innen',
  lt_20k: 'Unter 20.000 Hörer*innen',
  lt_50k: 'Unter 50.000 Hörer*innen',
  lt_200k: 'Unter 200.000 Hörer*innen',
  gt_200k: 'Über 200.000 Hörer*innen',
});

export const budget = vocabulary({
  none: 'Kein Budget',
  lt_50: 'Unter 50 €',
  lt_100: 'Unter 100 €',
  lt_1k: 'Unter 1.000 €',
  lt_10k: 'Unter 10.000 €',
  lt_100k: 'Unter 100.000 €',
  gt_100k: 'Über 100.000 €',
});

export const timeEffort = vocabulary({
  '10_minutes': '10 Minuten',
  '15_minutes': '15 Minuten',
  '30_minutes': '30 Minuten',
  '1_hour': '1 Stunde',
  '2_hours': '2 Stunden',
  '1_day': '1 Tag',
  '2_days': '2 Tage',
  '3_days': '3 Tage',
  '5_days': '5 Tage',
  '1_week': '1 Woche',
  '2_weeks': '2 Wochen',
});

export const potential = vocabulary({
  none: 'Kein Potenzial',
  low: 'Geringes Potenzial',
  medium: 'Mittleres Potenzial',
  high: 'Hohes Potenzial',
});

/** Goal importance and potential levels share the 0–3 point scale of §9. */
export const levelPoints = { none: 0, low: 1, medium: 2, high: 3 } as const;

export const importance = vocabulary({
  none: 'Unwichtig',
  low: 'Weniger wichtig',
  medium: 'Wichtig',
  high: 'Sehr wichtig',
});

export const metric = vocabulary({
  coverage: 'Reichweite',
  throughput: 'Durchhörrate',
  reputation: 'Bekanntheit',
  interaction: 'Interaktion',
  monetization: 'Monetarisierung',
  expertise: 'Expertise',
  referability: 'Weiterempfehlung',
  enjoyment: 'Spaß an der Umsetzung',
});
export type MetricKey = (typeof metric.keys)[number];

/** Relevance uses the spec's priority values. */
export const relevance = vocabulary({
  essential: 'Unverzichtbar',
  optional: 'Optional',
});

/** Application: the part of podcast work a method belongs to. Not in the spec; our choice. */
export const application = vocabulary({
  concept: 'Konzept',
  production: 'Produktion',
  distribution: 'Distribution',
  marketing: 'Marketing',
  community: 'Community',
  business: 'Business',
});

/** Endurance: how long until a method shows its effect. */
export const endurance = vocabulary({
  short: 'Kurzfristig',
  medium: 'Mittelfristig',
  long: 'Langfristig',
});

/** Recurrence: how often it is done (the spec hides it in the UI, the API still carries it). */
export const recurrence = vocabulary({
  once: 'Einmalig',
  per_episode: 'Pro Folge',
  weekly: 'Wöchentlich',
  monthly: 'Monatlich',
  yearly: 'Jährlich',
});

/** Continuation: whether a method ends after doing it once or keeps running. */
export const continuation = vocabulary({
  one_off: 'Einmalige Aktion',
  repeatable: 'Wiederholbar',
  permanent: 'Dauerhaft anwendbar',
});

/** Realization: the skills a method asks for. */
export const realization = vocabulary({
  writing: 'Texten',
  audio: 'Audio',
  video: 'Video',
  design: 'Gestaltung',
  social: 'Social Media',
  tech: 'Technik',
  sales: 'Vertrieb',
  networking: 'Netzwerken',
  analytics: 'Analyse',
  organisation: 'Organisation',
});

export const compilationType = vocabulary({
  edition: 'Edition',
  playbook: 'Playbook',
});

export const position = vocabulary({
  owner: 'Podcast-Inhaber*in',
  creator: 'Podcast-Macher*in',
  inhouse: 'Inhouse-Produzent*in',
  industry: 'Branchen-Profi',
});

export const language = vocabulary({ de: 'Deutsch' });

export const referrer = vocabulary({
  search_engine: 'Suchmaschine',
  social_media: 'Social Media',
  advertisement: 'Werbung',
  recommendation: 'Empfehlung',
  podcast: 'Podcast',
  magazine: 'Magazin',
  newsletter: 'Newsletter',
  conference: 'Konferenz',
  workshop: 'Workshop',
  unknown: 'Keine Angabe',
});

export const invitationRole = vocabulary({
  manager: 'Manager*in',
  editor: 'Redakteur*in',
  observer: 'Beobachter*in',
});

export const userRole = vocabulary({
  admin: 'Administrator*in',
  editor: 'Redakteur*in',
  user: 'Nutzer*in',
});

/** Serialises a key as the API's `{ key, trans }` pair. */
export function labelled<K extends string>(v: Vocabulary<K>, key: K) {
  return { key, trans: v.labels[key] };
}

/** What an experiment's activity entry is about (§3 Event). */
export const trackableType = vocabulary({
  experiment: 'Experiment',
  experiment_action: 'Aufgabe',
  experiment_metric: 'Auswertung',
});
export const eventType = vocabulary({
  created: 'erstellt',
  updated: 'geändert',
  deleted: 'gelöscht',
  login: 'angemeldet',
  logout: 'abgemeldet',
});

export const evaluationKind = vocabulary({
  interim: 'Zwischenauswertung',
  final: 'Abschlussauswertung',
});

/** §9 Ordering; `advice` is Pro only (the server answers 403 for Basic). */
export const practiceOrder = vocabulary({
  advice: 'Empfohlen',
  latest: 'Neueste zuerst',
  money: 'Geldeinsatz',
  effort: 'Zeiteinsatz',
});
export type PracticeOrder = (typeof practiceOrder.keys)[number];

/**
 * The status filter (our choice; the spec names the filter only): `open` are methods neither
 * applied nor rejected, the others the methods carrying that flag. Without it every method is
 * listed.
 */
export const practiceStatus = vocabulary({
  open: 'Offen',
  bookmarked: 'Gemerkt',
  applied: 'In Anwendung',
  rejected: 'Nicht empfehlen',
});
export type PracticeStatus = (typeof practiceStatus.keys)[number];
