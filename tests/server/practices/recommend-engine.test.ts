// The engine's arithmetic on hand-computed cases (formula in recommend-engine.ts).
import { describe, expect, it } from 'vitest';
import {
  practiceSimilarity,
  scorePractice,
  stageIndex,
  type MethodProfile,
  type Points,
  type PodcastProfile,
} from '../../../src/server/practices/recommend-engine.ts';

const zero: Points = {
  coverage: 0,
  throughput: 0,
  reputation: 0,
  interaction: 0,
  monetization: 0,
  expertise: 0,
  referability: 0,
  enjoyment: 0,
};
const points = (p: Partial<Points>): Points => ({ ...zero, ...p });
const all = (n: number): Points => points(Object.fromEntries(Object.keys(zero).map((k) => [k, n])));
const effort = (commitment: string, investment: string, expansion: string) => ({
  commitment: stageIndex.commitment(commitment),
  investment: stageIndex.investment(investment),
  expansion: stageIndex.expansion(expansion),
});
const method = (m: Partial<MethodProfile>): MethodProfile => ({
  potential: all(0),
  effort: null,
  keywords: [],
  application: null,
  ...m,
});
const unknownStage = { commitment: null, investment: null, expansion: null };
const none = { applied: false, rejected: false };

describe('scorePractice', () => {
  it('weighs goals against potential and takes off for time, money and audience beyond the stage', () => {
    // G = (3·2 + 1·3) / (3·4) = 0.75; time 1 step over → 0.9; money 2 steps → 0.6; audience
    // 1 step → 0.85. 0.75 · 0.9 · 0.6 · 0.85 = 0.34425 → 0.344.
    const podcast: PodcastProfile = {
      goals: points({ coverage: 3, expertise: 1 }),
      stage: effort('2_hours', 'lt_50', 'lt_1k'),
    };
    const score = scorePractice(
      podcast,
      method({
        potential: points({ coverage: 2, expertise: 3 }),
        effort: effort('1_day', 'lt_1k', 'lt_20k'),
      }),
      none,
    );
    expect(score.similarity).toBe(0.344);
    // Weights: Reichweite 6/12 = 0.5, budget 0.75 · 0.4 = 0.3, Expertise 3/12 = 0.25,
    // audience 0.1125, time 0.075.
    expect(score.reasons).toEqual([
      'passt zu deinem Ziel Reichweite',
      'braucht mehr Budget als angegeben',
      'hohes Potenzial für dein Ziel Expertise',
    ]);
  });

  it('gives a perfect match 1 and names the first goals it serves', () => {
    const score = scorePractice(
      { goals: all(3), stage: effort('1_day', 'lt_1k', 'lt_20k') },
      method({ potential: all(3), effort: effort('1_hour', 'lt_100', 'lt_1k') }),
      none,
    );
    expect(score).toMatchObject({
      similarity: 1,
      reasons: [
        'hohes Potenzial für dein Ziel Reichweite',
        'hohes Potenzial für dein Ziel Durchhörrate',
        'hohes Potenzial für dein Ziel Bekanntheit',
      ],
    });
  });

  it('says which important goal a method misses', () => {
    // G = (3·0 + 1·3) / (3·4) = 0.25; missed Monetarisierung weighs 3/4.
    const score = scorePractice(
      { goals: points({ monetization: 3, coverage: 1 }), stage: unknownStage },
      method({ potential: points({ coverage: 3 }) }),
      none,
    );
    expect(score).toMatchObject({
      similarity: 0.25,
      reasons: ['zahlt kaum auf dein Ziel Monetarisierung ein', 'hohes Potenzial für dein Ziel Reichweite'],
    });
  });

  it('without goals scores the plain potential and asks for goals', () => {
    // Σp = 7·2 + 3 = 17; 17 / 24 = 0.7083 → 0.708.
    const score = scorePractice(
      { goals: null, stage: unknownStage },
      method({
        potential: points({ ...all(2), coverage: 3 }),
        effort: effort('1_hour', 'none', 'pre_launch'),
      }),
      none,
    );
    expect(score).toMatchObject({
      similarity: 0.708,
      reasons: [
        'Lege deine Podcast-Ziele fest, dann empfiehlt Kompass genauer',
        'hohes Potenzial für Reichweite',
        'kostet kein Geld',
      ],
    });
  });

  it('never recommends an applied or rejected method, nor one without a rating', () => {
    const podcast = { goals: all(3), stage: unknownStage };
    const good = method({ potential: all(3) });
    expect(scorePractice(podcast, good, { applied: true, rejected: false })).toMatchObject({
      similarity: 0,
      reasons: ['Du wendest diese Methode bereits an'],
    });
    expect(scorePractice(podcast, good, { applied: false, rejected: true })).toMatchObject({
      similarity: 0,
      reasons: ['Du hast diese Methode ausgeschlossen'],
    });
    // No rating: no score at all (null), never a 0 that reads as 'passt nicht'.
    expect(scorePractice(podcast, method({ potential: null }), none)).toMatchObject({
      similarity: null,
      reasons: ['Für diese Methode sind noch keine Potenziale definiert'],
    });
  });

  it('floors each effort factor: money never below 0.4', () => {
    // 6 budget steps over: 1 − 1.2 → floor 0.4; G = 1.
    const score = scorePractice(
      { goals: all(1), stage: effort('2_weeks', 'none', 'gt_200k') },
      method({ potential: all(3), effort: effort('10_minutes', 'gt_100k', 'pre_launch') }),
      none,
    );
    expect(score.similarity).toBe(0.4);
  });
});

describe('practiceSimilarity', () => {
  it('mixes keywords, potential and context 0.5 / 0.3 / 0.2', () => {
    // K = 2/4 = 0.5; P = 1 − 2/24; C = (same area 1 + time 2 of 10 steps 0.8 + money 3 of 6
    // steps 0.5 + audience 1) / 4 = 0.825;
    // 0.25 + 0.275 + 0.165 = 0.69.
    const a = method({
      keywords: ['x', 'y', 'z'],
      potential: all(2),
      effort: effort('2_hours', 'none', 'lt_1k'),
      application: 'marketing',
    });
    const b = method({
      keywords: ['y', 'z', 'w'],
      potential: points({ ...all(2), coverage: 0 }),
      effort: effort('2_days', 'lt_1k', 'lt_1k'),
      application: 'marketing',
    });
    expect(practiceSimilarity(a, b)).toBe(0.69);
    expect(practiceSimilarity(b, a)).toBe(0.69);
    expect(practiceSimilarity(a, a)).toBe(1);
  });

  it('is 0 for methods that share nothing and are unrated', () => {
    expect(
      practiceSimilarity(method({ keywords: ['a'], potential: null }), method({ keywords: ['b'] })),
    ).toBe(0);
  });
});
