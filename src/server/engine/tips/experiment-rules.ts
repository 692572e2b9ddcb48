// Kompass-KI on a podcast's experiments: the start day, the last days, and an ended experiment
// without an evaluation. Each once per experiment.
import { daysBetween } from '../../../shared/calendar.ts';
import { daysAfter, german, tip, title, type Rule } from './tip-text.ts';

/** An experiment this many days before its end (or fewer): the ending tip. */
export const ENDING_DAYS = 3;

const experimentStarting: Rule = {
  name: 'experiment-starting',
  due: (s) => s.experiments.map((e) => e.starts_at),
  run: (s) =>
    s.experiments
      .filter((e) => e.starts_at === s.today)
      .map((e) =>
        tip(
          'experiment-starting',
          `experiment-starting:${e.id}`,
          `Heute startet „${e.title}“`,
          `Dein Experiment **${e.title}** läuft ab heute bis zum ${german(e.ends_at)} (${daysBetween(e.starts_at, e.ends_at)} Tage). Hak die Aufgaben ab, sobald du sie erledigt hast, und halte deine Beobachtungen in den Kommentaren fest.\n\n[Zum Experiment](/app/experiments/${e.id})`,
        ),
      ),
};

const experimentEnding: Rule = {
  name: 'experiment-ending',
  due: (s) =>
    s.experiments.map((e) => {
      const [window] = daysAfter([e.ends_at], -ENDING_DAYS);
      return window! > e.starts_at ? window! : e.starts_at;
    }),
  run: (s) =>
    s.experiments
      .filter((e) => {
        const left = daysBetween(s.today, e.ends_at);
        return left >= 1 && left <= ENDING_DAYS && e.starts_at <= s.today;
      })
      .map((e) => {
        const left = daysBetween(s.today, e.ends_at);
        return tip(
          'experiment-ending',
          `experiment-ending:${e.id}`,
          `„${e.title}“ endet bald`,
          `Noch ${left === 1 ? '1 Tag' : `${left} Tage`}, dann ist dein Experiment **${e.title}** am ${german(e.ends_at)} vorbei. Erledige die letzten Aufgaben und plane schon die Auswertung ein.\n\n[Zum Experiment](/app/experiments/${e.id})`,
        );
      }),
};

const experimentUnevaluated: Rule = {
  name: 'experiment-unevaluated',
  due: (s) =>
    daysAfter(
      s.experiments.map((e) => e.ends_at),
      1,
    ),
  run: (s) =>
    s.experiments
      .filter((e) => e.ends_at < s.today && !e.evaluated)
      .map((e) =>
        tip(
          'experiment-unevaluated',
          `experiment-unevaluated:${e.id}`,
          `Werte „${e.title}“ aus`,
          `Dein Experiment **${e.title}** ist am ${german(e.ends_at)} zu Ende gegangen, aber seitdem hast du für ${title(s)} keine Kennzahlen erfasst. Erst die Auswertung zeigt, ob es sich gelohnt hat.\n\n[Jetzt auswerten](/app/experiments/${e.id})`,
        ),
      ),
};

export const experimentRules: Rule[] = [experimentStarting, experimentEnding, experimentUnevaluated];
