// The Kompass-KI's rules: each looks at a podcast's snapshot (tip-state.ts) and names the tips it
// would give, each with its cause. A cause is stored once per podcast (a unique index), so a rule
// may name the same cause on every run: only the first one becomes a tip.
import { daysBetween } from '../../../shared/calendar.ts';
import { metric } from '../../../shared/vocabulary.ts';
import {
  age,
  createdDay,
  day,
  daysAfter,
  german,
  percent,
  reasons,
  tip,
  title,
  type Rule,
  type Tip,
} from './tip-text.ts';
import { evidenceRules } from './evidence-rules.ts';
import { experimentRules } from './experiment-rules.ts';
import { audienceRules } from './audience-rules.ts';
import type { TipState } from './tip-state.ts';

export type { Rule, Tip };

/** Days after creation before the team and strategy tips speak up. */
export const TEAM_AFTER_DAYS = 7;
export const STRATEGY_AFTER_DAYS = 3;
/** No metric recorded for this many days: the stale-metrics tip. */
export const METRICS_STALE_DAYS = 30;
export { ENDING_DAYS } from './experiment-rules.ts';
/** Trial days left when the trial tip speaks up. */
export const TRIAL_TIP_DAYS = 5;
/** A method scoring this much is a strong match (§9: shown as „Kompass“). */
export const STRONG_MATCH = 0.9;
/** At most one strong-match tip in this many days, so a new podcast is not flooded. */
export const STRONG_MATCH_PAUSE_DAYS = 7;
/** A bookmark this old without an experiment of its method: the bookmark tip. */
export const BOOKMARK_IDLE_DAYS = 14;
/** A rating this many points lower than the evaluation before: the drop tip. */
export const DROP_POINTS = 10;

const welcome: Rule = {
  name: 'welcome',
  due: () => [],
  run: (s) => {
    const best = s.recommended[0];
    const method = best
      ? `\n\nAm besten passt gerade die Methode **${best.title}** (${percent(best.score)} Übereinstimmung). Warum:\n\n${reasons(best.reasons)}\n\n[Methode ansehen](/app/practices/${best.id})`
      : '\n\nIn den [Methoden](/app/practices) findest du 99 Wege, deinen Podcast wachsen zu lassen.';
    return [
      tip(
        'welcome',
        'welcome',
        `Willkommen im Studio, ${s.podcast.title}!`,
        `Schön, dass ${title(s)} da ist. Ich bin die Kompass-KI und gebe dir hier Tipps, die zu deinem Podcast passen.${method}`,
      ),
    ];
  },
};

const goalsMissing: Rule = {
  name: 'goals-missing',
  due: () => [],
  run: (s) =>
    s.objective && Object.values(s.objective).some((level) => level && level !== 'none')
      ? []
      : [
          tip(
            'goals-missing',
            'goals-missing',
            'Lege deine Podcast-Ziele fest',
            `Für ${title(s)} sind noch keine Ziele gesetzt. Bewerte, wie wichtig dir ${metric.keys
              .slice(0, 3)
              .map((k) => metric.labels[k])
              .join(
                ', ',
              )} und die anderen Kennzahlen sind – danach kann ich dir Methoden empfehlen, die genau darauf einzahlen.\n\n[Podcast-Ziele festlegen](/app/podcast/edit/objective)`,
          ),
        ],
};

const strategyMissing: Rule = {
  name: 'strategy-missing',
  due: (s) => daysAfter([createdDay(s)], STRATEGY_AFTER_DAYS),
  run: (s) =>
    s.strategyAnswered || age(s) < STRATEGY_AFTER_DAYS
      ? []
      : [
          tip(
            'strategy-missing',
            'strategy-missing',
            'Beschreibe deine Podcast-Strategie',
            `${title(s)} ist seit ${age(s)} Tagen im Studio, aber die Strategie ist noch leer. Schon ein Satz zu Thematik oder Audience hilft dir, Methoden gezielter auszuwählen.\n\n[Strategie bearbeiten](/app/podcast/edit/strategy)`,
          ),
        ],
};

const teamAlone: Rule = {
  name: 'team-alone',
  due: (s) => daysAfter([createdDay(s)], TEAM_AFTER_DAYS),
  run: (s) =>
    s.members > 1 || age(s) < TEAM_AFTER_DAYS
      ? []
      : [
          tip(
            'team-alone',
            'team-alone',
            'Hol dir Verstärkung ins Team',
            `Du arbeitest seit ${age(s)} Tagen allein an ${title(s)}. Lade Co-Host, Redaktion oder Produktion ein – als Beobachter*in sehen sie alles, ohne etwas zu ändern.\n\n[Coworker einladen](/app/podcasts/${s.podcast.id}/invite)`,
          ),
        ],
};

const metricsStale: Rule = {
  name: 'metrics-stale',
  due: (s) => daysAfter([s.metrics.at(-1)?.recorded_on ?? createdDay(s)], METRICS_STALE_DAYS),
  run: (s) => {
    const last = s.metrics.at(-1)?.recorded_on;
    const since = last ?? day(s.podcast.created_at);
    const days = daysBetween(since, s.today);
    if (days < METRICS_STALE_DAYS) return [];
    // Each metric once, with its last value of that day (entered twice: the second counts).
    const onLastDay = new Map(
      s.metrics.filter((m) => m.recorded_on === last).map((m) => [m.metric, m.value]),
    );
    const latest = last
      ? `Zuletzt am ${german(last)}: ${[...onLastDay]
          .map(([key, value]) => `${metric.labels[key]} ${value}`)
          .join(', ')}.`
      : 'Bisher hast du noch keine Kennzahlen erfasst.';
    return [
      tip(
        'metrics-stale',
        `metrics-stale:${last ?? 'never'}`,
        'Zeit für eine Auswertung',
        `Seit ${days} Tagen hast du für ${title(s)} keine Kennzahlen mehr erfasst. ${latest} Nimm dir fünf Minuten – nur so siehst du, was deine Experimente bewirken.\n\n[Kennzahlen erfassen](/app/podcast/edit/metrics)`,
      ),
    ];
  },
};

const metricDropped: Rule = {
  name: 'metric-dropped',
  due: () => [],
  run: (s) => {
    const tips: Tip[] = [];
    for (const key of metric.keys) {
      const values = s.metrics.filter((m) => m.metric === key);
      const [before, last] = values.slice(-2);
      if (!before || !last || before.recorded_on === last.recorded_on) continue;
      // Coverage is a count: a drop of a tenth counts; the ratings drop by points.
      const dropped =
        key === 'coverage' ? last.value < before.value * 0.9 : before.value - last.value >= DROP_POINTS;
      if (!dropped) continue;
      tips.push(
        tip(
          'metric-dropped',
          `metric-dropped:${key}:${last.recorded_on}`,
          `${metric.labels[key]} ist gesunken`,
          `Bei ${title(s)} ist **${metric.labels[key]}** von ${before.value} (${german(before.recorded_on)}) auf ${last.value} (${german(last.recorded_on)}) gefallen. Schau, was sich seitdem geändert hat, und such dir eine Methode, die genau hier ansetzt.\n\n[Passende Methoden finden](/app/practices)`,
        ),
      );
    }
    return tips;
  },
};

const trialEnding: Rule = {
  name: 'trial-ending',
  // The trial ends trial_days after creation; the tip speaks up TRIAL_TIP_DAYS before.
  due: (s) => daysAfter([createdDay(s)], s.plan.trial.trial_days - TRIAL_TIP_DAYS),
  run: (s) =>
    s.plan.only_trial && s.plan.trial.days_left <= TRIAL_TIP_DAYS
      ? [
          tip(
            'trial-ending',
            'trial-ending',
            'Dein Studio Pro läuft bald ab',
            `Für ${title(s)} endet die Testphase in ${s.plan.trial.days_left === 1 ? '1 Tag' : `${s.plan.trial.days_left} Tagen`}. Danach gibt es Experimente und meine Tipps nur noch mit Studio Pro.\n\n[Studio Pro behalten](/app/podcasts/${s.podcast.id}/conversion)`,
          ),
        ]
      : [],
};

const strongMatch: Rule = {
  name: 'strong-match',
  // The day after the welcome, a week after the last strong match, and the days an experiment
  // ends (the engine's evidence counts it from then, so the scores may move).
  due: (s) => [
    ...daysAfter(
      s.tips.filter((t) => t.rule === 'welcome').map((t) => day(t.created_at)),
      1,
    ),
    ...daysAfter(
      s.tips.filter((t) => t.rule === 'strong-match').map((t) => day(t.created_at)),
      STRONG_MATCH_PAUSE_DAYS,
    ),
    ...s.experiments.map((e) => e.ends_at),
  ],
  run: (s) => {
    const welcomed = s.tips.find((t) => t.rule === 'welcome');
    if (!welcomed) return [];
    const recent = s.tips.some(
      (t) => t.rule === 'strong-match' && daysBetween(day(t.created_at), s.today) < STRONG_MATCH_PAUSE_DAYS,
    );
    if (recent || daysBetween(day(welcomed.created_at), s.today) < 1) return [];
    const busy = new Set([
      ...s.experiments.map((e) => e.practice_id),
      ...s.bookmarks.map((b) => b.practice_id),
      // The welcome named the best method already.
      ...s.recommended.slice(0, 1).map((p) => p.id),
    ]);
    const next = s.recommended.find((p) => p.score >= STRONG_MATCH && !busy.has(p.id));
    if (!next) return [];
    return [
      tip(
        'strong-match',
        `strong-match:${next.id}`,
        `Neu im Kompass: ${next.title}`,
        `Die Methode **${next.title}** passt jetzt zu ${percent(next.score)} zu ${title(s)}. Warum:\n\n${reasons(next.reasons)}\n\n[Methode ansehen](/app/practices/${next.id})`,
      ),
    ];
  },
};

const bookmarkIdle: Rule = {
  name: 'bookmark-idle',
  due: (s) =>
    daysAfter(
      s.bookmarks.map((b) => day(b.created_at)),
      BOOKMARK_IDLE_DAYS,
    ),
  run: (s) =>
    s.bookmarks
      .filter(
        (b) =>
          daysBetween(day(b.created_at), s.today) >= BOOKMARK_IDLE_DAYS &&
          !s.experiments.some((e) => e.practice_id === b.practice_id),
      )
      .map((b) =>
        tip(
          'bookmark-idle',
          `bookmark-idle:${b.practice_id}`,
          `Wie wär's mit „${b.title}“?`,
          `Du hast dir **${b.title}** am ${german(day(b.created_at))} gemerkt, aber noch kein Experiment damit gestartet. Probier es aus – die Aufgaben stehen schon bereit.\n\n[Experiment starten](/app/experiments/create?practice_id=${b.practice_id})`,
        ),
      ),
};

export const rules: Rule[] = [
  welcome,
  goalsMissing,
  strategyMissing,
  teamAlone,
  metricsStale,
  metricDropped,
  trialEnding,
  ...experimentRules,
  strongMatch,
  bookmarkIdle,
  ...evidenceRules,
  ...audienceRules,
];

/** Every tip the rules would give for this snapshot (stored ones are skipped by their cause). */
export const tipsFor = (state: TipState): Tip[] => rules.flatMap((rule) => rule.run(state));
