// The Kompass-KI's rules on fixed snapshots and a fixed day: which causes they name, and that the
// text names the podcast's own data.
import { describe, expect, it } from 'vitest';
import { tipsFor, type Tip } from '../../../src/server/engine/tips/rules.ts';
import type { TipState } from '../../../src/server/engine/tips/tip-state.ts';

const TODAY = '2026-11-23';

function state(overrides: Partial<TipState> = {}): TipState {
  return {
    podcast: { id: 7, title: 'Zeitreise', created_at: '2026-11-20T09:00:00.000Z' },
    today: TODAY,
    plan: {
      trial: { trial_days: 30, days_passed: 3, days_left: 27 },
      active: true,
      only_trial: true,
      lifetime: false,
      contract: false,
      granted_until: null,
    },
    objective: { coverage: 'high', throughput: 'medium' },
    strategyAnswered: true,
    members: 2,
    metrics: [{ metric: 'coverage', value: 500, recorded_on: '2026-11-20' }],
    experiments: [],
    recommended: [],
    bookmarks: [],
    tips: [{ rule: 'welcome', created_at: '2026-11-20T09:00:01.000Z' }],
    feed: null,
    effects: [],
    ...overrides,
  };
}

const byRule = (tips: Tip[], rule: string) => tips.filter((t) => t.rule === rule);
const one = (tips: Tip[], rule: string) => {
  const found = byRule(tips, rule);
  expect(found, rule).toHaveLength(1);
  return found[0]!;
};

describe('tip rules', () => {
  it('welcomes the podcast and names the best-matching method and why', () => {
    const tip = one(
      tipsFor(
        state({
          recommended: [
            { id: 12, title: 'Gastauftritte', score: 0.93, reasons: ['zahlt auf dein Ziel Reichweite ein'] },
          ],
        }),
      ),
      'welcome',
    );
    expect(tip.cause).toBe('welcome');
    expect(tip.subject).toBe('Willkommen im Studio, Zeitreise!');
    expect(tip.message).toContain('**Gastauftritte** (93 % Übereinstimmung)');
    expect(tip.message).toContain('- zahlt auf dein Ziel Reichweite ein');
    expect(tip.message).toContain('(/app/practices/12)');
  });

  it('asks for goals while none is set (also when all are „Unwichtig“)', () => {
    expect(one(tipsFor(state({ objective: null })), 'goals-missing').message).toContain('Für „Zeitreise“');
    expect(byRule(tipsFor(state({ objective: { coverage: 'none' } })), 'goals-missing')).toHaveLength(1);
    expect(byRule(tipsFor(state()), 'goals-missing')).toHaveLength(0);
  });

  it('asks for the strategy after three days, and for coworkers after a week alone', () => {
    const young = state({
      strategyAnswered: false,
      members: 1,
      podcast: { ...state().podcast, created_at: '2026-11-21T10:00:00Z' },
    });
    expect(byRule(tipsFor(young), 'strategy-missing')).toHaveLength(0);
    expect(byRule(tipsFor(young), 'team-alone')).toHaveLength(0);
    const older = state({
      strategyAnswered: false,
      members: 1,
      podcast: { ...state().podcast, created_at: '2026-11-16T10:00:00Z' },
    });
    expect(one(tipsFor(older), 'strategy-missing').message).toContain('seit 7 Tagen');
    expect(one(tipsFor(older), 'team-alone').message).toContain('(/app/podcasts/7/invite)');
    expect(byRule(tipsFor({ ...older, members: 2 }), 'team-alone')).toHaveLength(0);
    // Created at 00:30 in Berlin, 23:30 UTC the day before: the days are counted in Berlin.
    const afterMidnight = { ...older, podcast: { ...older.podcast, created_at: '2026-11-15T23:30:00Z' } };
    expect(one(tipsFor(afterMidnight), 'strategy-missing').message).toContain('seit 7 Tagen');
  });

  it('says when no metrics were recorded for 30 days, naming the last values, once per gap', () => {
    const metrics = [
      { metric: 'coverage' as const, value: 470, recorded_on: '2026-10-24' },
      { metric: 'interaction' as const, value: 40, recorded_on: '2026-10-24' },
      // Corrected the same day: the later value is the one named.
      { metric: 'coverage' as const, value: 480, recorded_on: '2026-10-24' },
    ];
    expect(byRule(tipsFor(state({ metrics, today: '2026-11-22' })), 'metrics-stale')).toHaveLength(0);
    const tip = one(tipsFor(state({ metrics })), 'metrics-stale');
    expect(tip.cause).toBe('metrics-stale:2026-10-24');
    expect(tip.message).toContain('Seit 30 Tagen');
    expect(tip.message).toContain('Zuletzt am 24.10.2026: Reichweite 480, Interaktion 40.');
  });

  it('notices a metric that dropped since the evaluation before', () => {
    const metrics = [
      { metric: 'interaction' as const, value: 60, recorded_on: '2026-11-01' },
      { metric: 'coverage' as const, value: 1000, recorded_on: '2026-11-01' },
      { metric: 'interaction' as const, value: 45, recorded_on: '2026-11-20' },
      { metric: 'coverage' as const, value: 950, recorded_on: '2026-11-20' },
    ];
    const tips = byRule(tipsFor(state({ metrics })), 'metric-dropped');
    expect(tips.map((t) => t.cause)).toEqual(['metric-dropped:interaction:2026-11-20']);
    expect(tips[0]!.message).toContain('**Interaktion** von 60 (01.11.2026) auf 45 (20.11.2026)');
  });

  it('warns five days before the trial ends, not with lifetime access', () => {
    const ending = {
      trial: { trial_days: 30, days_passed: 25, days_left: 5 },
      active: true,
      only_trial: true,
      lifetime: false,
      contract: false,
      granted_until: null,
    };
    expect(one(tipsFor(state({ plan: ending })), 'trial-ending').message).toContain('in 5 Tagen');
    expect(byRule(tipsFor(state({ plan: { ...ending, only_trial: false } })), 'trial-ending')).toHaveLength(
      0,
    );
  });

  it('follows an experiment: starting today, ending in 3 days, ended without evaluation', () => {
    const experiment = {
      id: 3,
      title: 'Gastauftritte testen',
      practice_id: 12,
      starts_at: TODAY,
      ends_at: '2026-12-07',
      evaluated: false,
    };
    expect(one(tipsFor(state({ experiments: [experiment] })), 'experiment-starting').subject).toBe(
      'Heute startet „Gastauftritte testen“',
    );
    const ending = { ...experiment, starts_at: '2026-11-01', ends_at: '2026-11-26' };
    const tip = one(tipsFor(state({ experiments: [ending] })), 'experiment-ending');
    expect(tip.cause).toBe('experiment-ending:3');
    expect(tip.message).toContain('Noch 3 Tage');
    expect(
      byRule(tipsFor(state({ experiments: [{ ...ending, ends_at: '2026-11-27' }] })), 'experiment-ending'),
    ).toHaveLength(0);

    const ended = { ...experiment, starts_at: '2026-10-01', ends_at: '2026-11-15' };
    expect(one(tipsFor(state({ experiments: [ended] })), 'experiment-unevaluated').message).toContain(
      '15.11.2026',
    );
    expect(
      byRule(tipsFor(state({ experiments: [{ ...ended, evaluated: true }] })), 'experiment-unevaluated'),
    ).toHaveLength(0);
  });

  it('names one new strong match after the welcome, not the welcome’s method, then pauses a week', () => {
    const recommended = [
      { id: 12, title: 'Gastauftritte', score: 0.95, reasons: [] },
      { id: 30, title: 'Hörerfragen', score: 0.91, reasons: ['passt zu deiner Phase'] },
      { id: 31, title: 'Newsletter', score: 0.9, reasons: [] },
    ];
    const tip = one(tipsFor(state({ recommended })), 'strong-match');
    expect(tip.cause).toBe('strong-match:30');
    expect(tip.message).toContain('passt jetzt zu 91 % zu „Zeitreise“');
    const paused = state({
      recommended,
      tips: [...state().tips, { rule: 'strong-match', created_at: '2026-11-20T10:00:00Z' }],
    });
    expect(byRule(tipsFor(paused), 'strong-match')).toHaveLength(0);
    const weak = [{ id: 30, title: 'Hörerfragen', score: 0.89, reasons: [] }];
    expect(byRule(tipsFor(state({ recommended: [recommended[0]!, ...weak] })), 'strong-match')).toHaveLength(
      0,
    );
  });

  it('reminds of a bookmark never started after two weeks', () => {
    const bookmarks = [{ practice_id: 44, title: 'Trailer', created_at: '2026-11-09T08:00:00Z' }];
    const tip = one(tipsFor(state({ bookmarks })), 'bookmark-idle');
    expect(tip.message).toContain('am 09.11.2026 gemerkt');
    expect(tip.message).toContain('practice_id=44');
    const started = [
      {
        id: 1,
        title: 'Trailer',
        practice_id: 44,
        starts_at: '2026-11-10',
        ends_at: '2026-11-30',
        evaluated: false,
      },
    ];
    expect(byRule(tipsFor(state({ bookmarks, experiments: started })), 'bookmark-idle')).toHaveLength(0);
  });
});

describe('tip rules from the evidence (issue 22)', () => {
  const rhythm = {
    episodes: 8,
    median_days: 7,
    regularity: 1,
    days_since_last: 3,
    last_gap_days: 7,
    weekday: 2,
    months: [],
  };
  const feed = (over: Partial<NonNullable<TipState['feed']>> = {}): TipState['feed'] => ({
    checked_at: '2026-11-23T08:00:00.000Z',
    findings: [],
    resolved: [],
    rhythm,
    ...over,
  });

  it('a new error in the feed, once per key; warnings and tips say nothing', () => {
    const tips = tipsFor(
      state({
        feed: feed({
          findings: [
            {
              key: 'language_missing',
              severity: 'error',
              message: 'Der Feed nennt keine Sprache.',
              practices: [2],
            },
            { key: 'podcast_guid', severity: 'tip', message: 'Kein podcast:guid.', practices: [2] },
          ],
        }),
      }),
    );
    const t = one(tips, 'feed-error');
    expect(t).toMatchObject({
      cause: 'feed-error:language_missing',
      subject: 'Dein Feed: Keine Sprache angegeben',
    });
    expect(t.message).toContain('/app/podcast/feed-check');
  });

  it('a fixed finding, dated by the check that found it fixed', () => {
    const t = one(tipsFor(state({ feed: feed({ resolved: ['category_missing'] }) })), 'feed-fixed');
    expect(t).toMatchObject({
      cause: 'feed-fixed:category_missing:2026-11-23',
      subject: 'Behoben: Keine iTunes-Kategorie',
    });
  });

  it('a pause longer than twice the usual rhythm, once per last episode', () => {
    expect(byRule(tipsFor(state({ feed: feed() })), 'rhythm-gap')).toEqual([]);
    const t = one(
      tipsFor(state({ feed: feed({ rhythm: { ...rhythm, days_since_last: 20 } }) })),
      'rhythm-gap',
    );
    expect(t.cause).toBe('rhythm-gap:2026-11-03');
    expect(t.message).toContain('20 Tage alt');
  });

  it('the first episode after a long pause', () => {
    expect(byRule(tipsFor(state({ feed: feed() })), 'rhythm-back')).toEqual([]);
    const t = one(
      tipsFor(state({ feed: feed({ rhythm: { ...rhythm, days_since_last: 2, last_gap_days: 45 } }) })),
      'rhythm-back',
    );
    expect(t).toMatchObject({ cause: 'rhythm-back:2026-11-21', subject: 'Schön, dass du zurück bist' });
  });

  it('an experiment that moved the goals and one that did not; none without a goal score', () => {
    const tips = tipsFor(
      state({
        effects: [
          { id: 4, title: 'Gastauftritte', goal_score: 0.2 },
          { id: 5, title: 'Hashtags', goal_score: -0.1 },
          { id: 6, title: 'Ohne Ziele', goal_score: null },
        ],
      }),
    );
    expect(one(tips, 'experiment-worked')).toMatchObject({
      cause: 'experiment-worked:4',
      subject: 'Das hat gewirkt: Gastauftritte',
    });
    expect(one(tips, 'experiment-flat')).toMatchObject({
      cause: 'experiment-flat:5',
      subject: 'Kaum Wirkung: Hashtags',
    });
  });
});
