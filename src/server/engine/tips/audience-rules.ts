// Kompass-KI from the listener numbers: an experiment measured against the baseline, a release
// that did far better or worse than expected, a source that has delivered nothing for 3 days, a
// feed that still sends listeners through Chartable. Each once per cause: an experiment by its id,
// a release by its day, a silence by the source and its newest day, Chartable by its finding's key
// (the cause the generic feed-error tip would take, so it is never said twice). Entscheidung TIPS-2.
import { addDays, daysBetween } from '../../../shared/calendar.ts';
import { verdictOf } from '../../audience/baseline-messages.ts';
import { german, tip, title, type Rule } from './tip-text.ts';

/** A source with no figure for this many days (its newest day this far back) has gone quiet. */
export const SILENT_DAYS = 3;
export const CHARTABLE_KEY = 'prefix_chartable';
const AUDIENCE = '[Zu den Hörerzahlen](/app/podcast/audience)';

const experimentMeasured: Rule = {
  name: 'experiment-measured',
  // Measured once the run's days are there: the day after its end, and the days OP3 is late.
  due: (s) => s.experiments.flatMap((e) => [1, 2, 3].map((n) => addDays(e.ends_at, n))),
  run: (s) =>
    s.effects.flatMap((e) => {
      const audience = e.audience;
      if (!audience?.enough_data) return [];
      const verdict = verdictOf(audience.interval);
      const subject =
        verdict === 'raised'
          ? `Messbar mehr Downloads: ${e.title}`
          : verdict === 'lowered'
            ? `Weniger Downloads: ${e.title}`
            : `Kein messbarer Unterschied: ${e.title}`;
      const meaning =
        verdict === 'raised'
          ? 'Das hat gewirkt: Ähnliche Methoden empfehle ich dir jetzt weiter oben – vielleicht lohnt es sich, diese dauerhaft anzuwenden.'
          : verdict === 'lowered'
            ? 'Während des Experiments kamen weniger Downloads, als dein üblicher Verlauf erwarten ließ. Ähnliche Methoden rücken in deinen Empfehlungen nach hinten.'
            : 'Die Downloads lagen im Rahmen dessen, was ohnehin zu erwarten war. Auch das ist ein Ergebnis: Ähnliche Methoden rücken in deinen Empfehlungen nach hinten, andere nach vorn.';
      return [
        tip(
          'experiment-measured',
          `experiment-measured:${e.id}`,
          subject,
          `Dein Experiment **${e.title}** bei ${title(s)}, gemessen an deinen Downloads: ${audience.message}\n\n${meaning}\n\n[Wirkung ansehen](/app/experiments/${e.id})`,
        ),
      ];
    }),
};

const releaseOutlier: Rule = {
  name: 'release-outlier',
  // A release is measured once its first 7 days have passed.
  due: (s) => (s.audience?.recent ?? []).map((day) => addDays(day, 7)),
  run: (s) => {
    const release = s.audience?.release;
    const verdict = verdictOf(release?.effect.interval ?? null);
    if (!release || verdict === 'none' || verdict === null) return [];
    const better = verdict === 'raised';
    const share = Math.abs(Math.round((release.effect.relative ?? 0) * 100));
    return [
      tip(
        'release-outlier',
        `release-outlier:${release.day}`,
        better
          ? `„${release.title}“ lief besser als erwartet`
          : `„${release.title}“ lief schwächer als erwartet`,
        `Die Folge **${release.title}** vom ${german(release.day)} hat in ihren ersten 7 Tagen ${share} % ${better ? 'mehr' : 'weniger'} Downloads gebracht, als für ${title(s)} zu erwarten war (${Math.round(release.effect.observed ?? 0)} statt etwa ${Math.round(release.effect.expected ?? 0)}). ${better ? 'Was war anders – Thema, Titel, Gast, Bewerbung? Das lohnt sich zu wiederholen.' : 'Lag es am Thema, am Titel oder am Tag? Ein Blick lohnt sich, bevor die nächste Folge erscheint.'}\n\n${AUDIENCE}`,
      ),
    ];
  },
};

const sourceSilent: Rule = {
  name: 'source-silent',
  due: (s) =>
    (s.audience?.sources ?? [])
      .filter((source) => source.type === 'op3')
      .map((source) => addDays(source.newest_day ?? source.created_at.slice(0, 10), SILENT_DAYS + 1)),
  run: (s) =>
    (s.audience?.sources ?? [])
      .filter((source) => source.type === 'op3')
      .filter(
        (source) => daysBetween(source.newest_day ?? source.created_at.slice(0, 10), s.today) > SILENT_DAYS,
      )
      .map((source) =>
        tip(
          'source-silent',
          `source-silent:${source.id}:${source.newest_day ?? 'none'}`,
          'Von OP3 kommen keine Zahlen mehr',
          `${source.newest_day ? `Die letzten Downloads von ${title(s)} sind vom ${german(source.newest_day)}` : `Für ${title(s)} hat OP3 noch keine Downloads geliefert`} – seit mehr als ${SILENT_DAYS} Tagen kommt nichts Neues. Prüfe unter „Datenquellen“, ob das Token noch gilt, und ob die Audio-Links deines Feeds noch das OP3-Präfix tragen.\n\n${AUDIENCE}`,
        ),
      ),
};

const chartable: Rule = {
  name: 'chartable',
  // Changes only with a new Feed-Check, whose job evaluates the podcast.
  due: () => [],
  run: (s) =>
    (s.feed?.findings ?? [])
      .filter((f) => f.key === CHARTABLE_KEY)
      .map(() =>
        tip(
          'chartable',
          `feed-error:${CHARTABLE_KEY}`,
          'Dein Feed schickt Hörer*innen noch über Chartable',
          `Die Audio-Links von ${title(s)} laufen noch über Chartable (chtbl.com). Chartable wurde Ende 2024 abgeschaltet: Jeder Download macht einen Umweg über einen toten Dienst und kann scheitern. Entferne das Präfix in den Einstellungen deines Hosters – und setze, wenn du deine Downloads offen messen willst, stattdessen das OP3-Präfix (op3.dev/e/).\n\n[Zum Feed-Check](/app/podcast/feed-check)`,
        ),
      ),
};

export const audienceRules: Rule[] = [experimentMeasured, releaseOutlier, sourceSilent, chartable];
