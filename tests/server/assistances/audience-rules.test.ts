// The audience tips on fixed snapshots and a fixed day: each names its cause once, its text the
// podcast's own figures; a measured experiment takes the place of the typed 'worked'/'flat' tips,
// and Chartable's tip takes the cause the generic feed error would have.
import { describe, expect, it } from 'vitest';
import type { AudienceEffect } from '../../../src/shared/audience.ts';
import { tipsFor, type Tip } from '../../../src/server/engine/tips/rules.ts';
import type { TipState } from '../../../src/server/engine/tips/tip-state.ts';

const TODAY = '2026-11-23';

function state(overrides: Partial<TipState> = {}): TipState {
  return {
    podcast: { id: 7, title: 'Zeitreise', created_at: '2026-10-20T09:00:00.000Z' },
    today: TODAY,
    plan: {
      trial: { trial_days: 30, days_passed: 3, days_left: 27 },
      active: true,
      only_trial: true,
      lifetime: false,
      contract: false,
      granted_until: null,
    },
    objective: { coverage: 'high' },
    strategyAnswered: true,
    members: 2,
    metrics: [{ metric: 'coverage', value: 500, recorded_on: '2026-11-20' }],
    experiments: [],
    recommended: [],
    bookmarks: [],
    tips: [{ rule: 'welcome', created_at: '2026-10-20T09:00:01.000Z' }],
    feed: null,
    effects: [],
    ...overrides,
  };
}

const measured = (relative: number, interval: [number, number], message: string): AudienceEffect => ({
  enough_data: true,
  message,
  baseline_days: 91,
  observed: 1180,
  expected: 1000,
  effect: 180,
  relative,
  interval,
  days: [],
});
const byRule = (tips: Tip[], rule: string) => tips.filter((t) => t.rule === rule);

describe('audience tips', () => {
  it('speaks for a measured experiment once, in place of the typed worked/flat tips', () => {
    const raised = measured(
      0.18,
      [0.09, 0.27],
      '+18 % mehr Downloads als erwartet (90 %-Intervall: +9 % bis +27 %).',
    );
    const flat = measured(0.03, [-0.06, 0.12], 'Kein messbarer Unterschied: …');
    const tips = tipsFor(
      state({
        effects: [
          { id: 3, title: 'Gastauftritt', goal_score: 0.3, audience: raised },
          { id: 4, title: 'Trailer', goal_score: 0.4, audience: flat },
          { id: 5, title: 'Newsletter', goal_score: 0.2, audience: null },
        ],
      }),
    );
    const tips3 = byRule(tips, 'experiment-measured');
    expect(tips3.map((t) => [t.cause, t.subject])).toEqual([
      ['experiment-measured:3', 'Messbar mehr Downloads: Gastauftritt'],
      ['experiment-measured:4', 'Kein messbarer Unterschied: Trailer'],
    ]);
    expect(tips3[0]!.message).toContain(
      '+18 % mehr Downloads als erwartet (90 %-Intervall: +9 % bis +27 %).',
    );
    expect(tips3[0]!.message).toContain('(/app/experiments/3)');
    // Only the typed one gets the typed tip.
    expect(byRule(tips, 'experiment-worked').map((t) => t.cause)).toEqual(['experiment-worked:5']);
    expect(byRule(tips, 'experiment-flat')).toEqual([]);
  });

  it('names a release that did far better than expected, and none that did as expected', () => {
    const audience = (interval: [number, number]) => ({
      sources: [{ id: 1, type: 'op3', newest_day: '2026-11-22', created_at: '2026-10-01T00:00:00.000Z' }],
      recent: ['2026-11-16'],
      release: {
        day: '2026-11-16',
        title: 'Folge 12',
        effect: { ...measured(0.6, interval, ''), observed: 1600 },
      },
    });
    const [t] = byRule(tipsFor(state({ audience: audience([0.35, 0.9]) })), 'release-outlier');
    expect(t!.cause).toBe('release-outlier:2026-11-16');
    expect(t!.subject).toBe('„Folge 12“ lief besser als erwartet');
    expect(t!.message).toContain('vom 16.11.2026 hat in ihren ersten 7 Tagen 60 % mehr Downloads');
    expect(t!.message).toContain('(1600 statt etwa 1000)');
    expect(byRule(tipsFor(state({ audience: audience([-0.1, 0.9]) })), 'release-outlier')).toEqual([]);
  });

  it('says when OP3 has delivered nothing for more than 3 days, once per silence', () => {
    const sources = (newest: string) => ({
      sources: [
        { id: 9, type: 'op3', newest_day: newest, created_at: '2026-10-01T00:00:00.000Z' },
        { id: 10, type: 'upload', newest_day: '2026-09-01', created_at: '2026-09-01T00:00:00.000Z' },
      ],
      recent: [],
      release: null,
    });
    expect(byRule(tipsFor(state({ audience: sources('2026-11-20') })), 'source-silent')).toEqual([]);
    const [t] = byRule(tipsFor(state({ audience: sources('2026-11-19') })), 'source-silent');
    expect(t!.cause).toBe('source-silent:9:2026-11-19');
    expect(t!.message).toContain('Die letzten Downloads von „Zeitreise“ sind vom 19.11.2026');
  });

  it('warns of Chartable under the feed error’s cause, never twice', () => {
    const finding = {
      key: 'prefix_chartable',
      severity: 'error' as const,
      message: 'Chartable …',
      practices: [96],
    };
    const tips = tipsFor(
      state({
        feed: {
          checked_at: '2026-11-23T08:00:00.000Z',
          findings: [finding],
          resolved: [],
          rhythm: { episodes: 0, median_days: null, days_since_last: null, last_gap_days: null } as never,
        },
      }),
    );
    expect(tips.filter((t) => t.cause === 'feed-error:prefix_chartable').map((t) => t.rule)).toEqual([
      'chartable',
    ]);
    expect(byRule(tips, 'chartable')[0]!.subject).toBe('Dein Feed schickt Hörer*innen noch über Chartable');
  });
});
