// Kompass-KI from the evidence: the Feed-Check and the measured effect of experiments.
// Each once per cause: a finding's key, a fix dated by its check, a pause by its last episode, an
// experiment by its id.
import { addDays, berlinDate } from '../../../shared/calendar.ts';
import { checkTitles } from '../../../shared/feed-check.ts';
import { dayCount, germanCount } from '../../../shared/plan-name.ts';
import type { TipState } from './tip-state.ts';
import { day, tip, title, type Rule } from './tip-text.ts';

/** A goal score at least this high: the experiment moved the goals (as the 'Wirkung' screen says). */
export const WORKED_SCORE = 0.05;
/** A pause longer than this many days, and than twice the usual interval: the rhythm tips. */
export const GAP_DAYS = 14;

const FEED_CHECK = '[Zum Feed-Check](/app/podcast/feed-check)';

const feedError: Rule = {
  name: 'feed-error',
  // Changes only with a new Feed-Check, whose job evaluates the podcast.
  due: () => [],
  run: (s) =>
    (s.feed?.findings ?? [])
      // Chartable has a tip of its own under the same cause (audience-rules.ts).
      .filter((f) => f.severity === 'error' && f.key !== 'prefix_chartable')
      .map((f) =>
        tip(
          'feed-error',
          `feed-error:${f.key}`,
          `Dein Feed: ${checkTitles[f.key] ?? f.key}`,
          `${f.message}\n\nDer Feed-Check von ${title(s)} zeigt dir, welche Methoden dabei helfen.\n\n${FEED_CHECK}`,
        ),
      ),
};

const feedFixed: Rule = {
  name: 'feed-fixed',
  // Changes only with a new Feed-Check, whose job evaluates the podcast.
  due: () => [],
  run: (s) =>
    (s.feed?.resolved ?? []).map((key) =>
      tip(
        'feed-fixed',
        `feed-fixed:${key}:${day(s.feed!.checked_at)}`,
        `Behoben: ${checkTitles[key] ?? key}`,
        `Gut gemacht: Der Feed von ${title(s)} hat den Fehler „${checkTitles[key] ?? key}“ nicht mehr. Verzeichnisse und Apps sehen die Änderung beim nächsten Abruf.\n\n${FEED_CHECK}`,
      ),
    ),
};

/** The day of the newest episode, from the check's date and its days since. */
const lastEpisodeDay = (s: TipState) => {
  const since = s.feed!.rhythm.days_since_last!;
  return berlinDate(new Date(new Date(s.feed!.checked_at).getTime() - since * 86_400_000));
};

const rhythmGap: Rule = {
  name: 'rhythm-gap',
  // Changes only with a new Feed-Check, whose job evaluates the podcast.
  due: () => [],
  run: (s) => {
    const r = s.feed?.rhythm;
    if (!r || r.episodes < 5 || r.median_days === null || r.days_since_last === null) return [];
    if (r.days_since_last <= Math.max(GAP_DAYS, 2 * r.median_days)) return [];
    return [
      tip(
        'rhythm-gap',
        `rhythm-gap:${lastEpisodeDay(s)}`,
        'Deine Hörer*innen warten',
        `Die letzte Folge von ${title(s)} ist ${dayCount(r.days_since_last)} alt, sonst kommt etwa alle ${dayCount(Math.round(r.median_days))} eine. Sag deinem Publikum, wann es weitergeht – oder plane die Pause bewusst als Staffelende.\n\n${FEED_CHECK}`,
      ),
    ];
  },
};

const rhythmBack: Rule = {
  name: 'rhythm-back',
  // Changes only with a new Feed-Check, whose job evaluates the podcast.
  due: () => [],
  run: (s) => {
    const r = s.feed?.rhythm;
    if (!r || r.median_days === null || r.last_gap_days === null || r.days_since_last === null) return [];
    if (r.days_since_last > 7 || r.last_gap_days <= Math.max(GAP_DAYS, 2 * r.median_days)) return [];
    return [
      tip(
        'rhythm-back',
        `rhythm-back:${lastEpisodeDay(s)}`,
        'Schön, dass du zurück bist',
        `Nach ${germanCount(r.last_gap_days)} Tagen Pause ist eine neue Folge von ${title(s)} erschienen. Jetzt zählt, dass die nächste im gewohnten Rhythmus folgt: Wer zurückkommt, bleibt, wenn es regelmäßig weitergeht.\n\n[Methode: Fester Veröffentlichungstag](/app/practices/93)`,
      ),
    ];
  },
};

const experimentWorked: Rule = {
  name: 'experiment-worked',
  // An effect is measured once the experiment has ended (then metrics are writes).
  due: (s) => s.experiments.map((e) => addDays(e.ends_at, 1)),
  run: (s) =>
    s.effects
      // Measured on the downloads: experiment-measured speaks for it (audience-rules.ts).
      .filter((e) => !e.audience?.enough_data)
      .filter((e) => e.goal_score !== null && e.goal_score >= WORKED_SCORE)
      .map((e) =>
        tip(
          'experiment-worked',
          `experiment-worked:${e.id}`,
          `Das hat gewirkt: ${e.title}`,
          `Dein Experiment **${e.title}** hat die Ziele von ${title(s)} vorangebracht. Ähnliche Methoden empfehle ich dir jetzt weiter oben – und vielleicht lohnt es sich, diese dauerhaft anzuwenden.\n\n[Wirkung ansehen](/app/experiments/${e.id})`,
        ),
      ),
};

const experimentFlat: Rule = {
  name: 'experiment-flat',
  // An effect is measured once the experiment has ended (then metrics are writes).
  due: (s) => s.experiments.map((e) => addDays(e.ends_at, 1)),
  run: (s) =>
    s.effects
      .filter((e) => !e.audience?.enough_data)
      .filter((e) => e.goal_score !== null && e.goal_score < WORKED_SCORE)
      .map((e) =>
        tip(
          'experiment-flat',
          `experiment-flat:${e.id}`,
          `Kaum Wirkung: ${e.title}`,
          `Dein Experiment **${e.title}** hat die Ziele von ${title(s)} kaum bewegt. Das ist auch ein Ergebnis: Ähnliche Methoden rücken in deinen Empfehlungen nach hinten, andere nach vorn.\n\n[Wirkung ansehen](/app/experiments/${e.id})`,
        ),
      ),
};

export const evidenceRules: Rule[] = [
  feedError,
  feedFixed,
  rhythmGap,
  rhythmBack,
  experimentWorked,
  experimentFlat,
];
