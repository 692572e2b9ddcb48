// The recommendation engine's arithmetic (DESIGN.md): pure functions, no database. How a
// method fits a podcast (`scorePractice`: similarity 0–1 with German reasons) and how alike two
// methods are (`practiceSimilarity`, 'Passende Methoden'). recommend.ts feeds them from the
// database and stores the scores.
import { audienceSize, budget, metric, timeEffort, type MetricKey } from '../../shared/vocabulary.ts';
import { POOLED, pooledEvidence, type PooledEffects, type PooledInterval } from './pooled-factor.ts';
import { reasonsOf } from './reasons.ts';

/** 0–3 per metric: the podcast's goal importance or the method's potential (§9 points). */
export type Points = Record<MetricKey, number>;

/** Positions on the §9 scales (index into timeEffort, budget, audienceSize keys); null: unknown. */
export type Effort = { commitment: number | null; investment: number | null; expansion: number | null };

export type PodcastProfile = {
  /** The goals; null while none is set (all unset or all 'none'). */
  goals: Points | null;
  /** The stage: time and money the podcast can spend, and its audience size. */
  stage: Effort;
  /** What the studio measured: the Feed-Check's findings and the tried methods' effects. */
  evidence?: Evidence;
};

/**
 * Plain data (it is part of the profile's fingerprint): per method id the heaviest feed finding
 * that names it (rank 0 error, 1 warning, 2 tip), and each ended experiment's method with its
 * goal score (-1 to 1, experiments/effect.ts).
 */
export type Evidence = {
  feed: Record<number, { rank: number; key: string }>;
  tried: { practiceId: number; score: number }[];
  /** Per method id the published pooled effect for podcasts of this kind (pooled-factor.ts). */
  pooled?: PooledEffects;
};

/** What the evidence says about one method: the finding it addresses, the tried methods like it. */
export type MethodEvidence = {
  finding?: { rank: number; key: string };
  tried: { score: number; similarity: number }[];
  pooled?: PooledInterval;
};

export type MethodProfile = {
  /** The potential rating; null when the method has none yet. */
  potential: Points | null;
  /** The effort context (what it needs, from which audience size it works); null if unrated. */
  effort: Effort | null;
  /** Keyword handles. */
  keywords: readonly string[];
  /** Application area (concept, production, …), from the context; null if unrated. */
  application: string | null;
};

export type Flags = { applied: boolean; rejected: boolean };
/**
 * `codes`: the reasons as stored (reasonsOf turns them into `reasons`). `similarity` is null for
 * a method without a rating: no score was computed, and the API sends null rather than a 0 that
 * reads as 'passt nicht' (Entscheidung PRA-7).
 */
export type Score = { similarity: number | null; reasons: string[]; codes: string };
export type Stored = Omit<Score, 'reasons'>;

export const stageIndex = {
  commitment: (key: string | null | undefined) => indexOf(timeEffort.keys, key),
  investment: (key: string | null | undefined) => indexOf(budget.keys, key),
  expansion: (key: string | null | undefined) => indexOf(audienceSize.keys, key),
};
function indexOf(keys: readonly string[], key: string | null | undefined) {
  const i = key ? keys.indexOf(key) : -1;
  return i < 0 ? null : i;
}

/** Per step a method asks for beyond the podcast's stage, and the floor of each fit factor. */
export const FIT = {
  time: { step: 0.1, floor: 0.5 },
  money: { step: 0.2, floor: 0.4 },
  audience: { step: 0.15, floor: 0.5 },
} as const;

/** How much a fit factor keeps when the method needs `over` steps more than the podcast has. */
export function fitFactor(over: number, { step, floor }: { step: number; floor: number }) {
  return over > 0 ? Math.max(floor, 1 - step * over) : 1;
}

/** Steps the method needs beyond the podcast (0 when it fits or either side is unknown). */
const overBy = (method: number | null, podcast: number | null) =>
  method === null || podcast === null ? 0 : Math.max(0, method - podcast);

const round3 = (x: number) => Math.round(x * 1000) / 1000;

/** Evidence factors: a finding's weight by severity, and how far tried methods move alike ones. */
export const EVIDENCE = {
  feed: [0.5, 0.3, 0.15],
  /** Tried methods count for methods at least this alike (practiceSimilarity). */
  alike: 0.3,
  /** Per tried method: 1 + step · goal score · similarity, the product kept within [min, max]. */
  step: 0.5,
  min: 0.5,
  max: 1.5,
} as const;

/**
 * The similarity of a method for a podcast, 0–1, rounded to three decimals, with its reasons.
 *
 *   similarity = G × T × M × A        (0 for a method the podcast applied or rejected)
 *
 * G, goal fit: with goals g_m (0–3) and the method's potentials p_m (0–3) over the eight metrics,
 *   G = Σ g_m·p_m / (3·Σ g_m), the share of the podcast's weighted goals the method serves at
 *   full potential. Without goals (Σ g_m = 0) G = Σ p_m / 24, the method's plain potential.
 *   Without a rating there is no score: null.
 * T, M, A, effort fit: for time (commitment), money (investment) and audience size (the
 *   method's expansion is the size it works from), k = the steps on the §9 scale the method
 *   needs beyond the podcast's stage; the factor is 1 for k ≤ 0 or an unknown value, else
 *   max(floor, 1 − step·k) with time 0.1/0.5, money 0.2/0.4, audience 0.15/0.5 (FIT).
 *
 * Reasons: every goal term g_m·p_m/(3·Σg) with p_m ≥ 2 ('passt zu deinem Ziel …'), every lost
 * share G·(1 − factor) of an effort factor ('braucht mehr Budget als angegeben', …), a missed
 * important goal (g_m ≥ 2, p_m = 0) weighing g_m/Σg, and small fixed weights for efforts that fit;
 * the three heaviest, heaviest first.
 *
 * Evidence, a factor E on the product, the result capped at 1:
 *   E = F × X. F = 1.5, 1.3 or 1.15 when a Feed-Check finding of severity error, warning or tip
 *   names the method (its reason 'Dein Feed: …' comes first). X = Π over ended experiments e
 *   whose method is at least 0.3 alike (practiceSimilarity s_e, 1 for the method itself) of
 *   (1 + 0.5 · score_e · s_e), score_e the experiment's goal score (-1 to 1), X kept within
 *   [0.5, 1.5]: methods like one that worked rise, like one that did not fall.
 *   × P, the method's pooled effect for podcasts like this one (pooled-factor.ts, 0.8–1.25):
 *   measured to raise the downloads it rises, to do nothing or harm it sinks.
 */
export function scorePractice(
  podcast: PodcastProfile,
  method: MethodProfile,
  flags: Flags,
  evidence?: MethodEvidence,
): Score {
  const { similarity, codes } = scoreCodes(podcast, method, flags, evidence);
  return { similarity, codes, reasons: reasonsOf(codes) };
}

/*
 * scoreCodes runs ten thousand times per refresh (80 ms CPU at 10,000 methods, goal
 * 30 ms for the whole refresh). So it reads goals and potentials as arrays in metric order
 * (cached per object; a profile's points never change once read), keeps its candidates in two
 * reused arrays and picks the three heaviest without sorting. The arithmetic is the formula's,
 * term for term in the same order, so the scores are the same to the last bit (Entscheidung PRA-10).
 */
const METRICS = metric.keys.length;
const metricCode = (letter: string) => metric.keys.map((_, i) => `${letter}${i}`);
const CODES = { G: metricCode('G'), g: metricCode('g'), x: metricCode('x'), p: metricCode('p') };
const pointArrays = new WeakMap<Points, number[]>();
function pointsOf(points: Points): number[] {
  let list = pointArrays.get(points);
  if (!list) {
    list = metric.keys.map((k) => points[k]);
    pointArrays.set(points, list);
  }
  return list;
}
const weights: number[] = [];
const codes: string[] = [];
/** How many candidates `weights` and `codes` hold for the score being computed. */
let n = 0;
/*
 * A module function, not a closure made per call: tsx and vitest (esbuild's keepNames) wrap
 * every function they create in a naming helper, which cost a quarter of a refresh's CPU.
 */
function candidate(weight: number, code: string) {
  weights[n] = weight;
  codes[n++] = code;
}

/** scorePractice without the texts: what the store keeps (refreshing ten thousand at once). */
export function scoreCodes(
  podcast: PodcastProfile,
  method: MethodProfile,
  flags: Flags,
  evidence?: MethodEvidence,
): Stored {
  if (flags.applied) return result(0, ['A']);
  if (flags.rejected) return result(0, ['R']);
  if (!method.potential) return { similarity: null, codes: 'U' };
  const potential = pointsOf(method.potential);
  n = 0;

  const goals = podcast.goals ? pointsOf(podcast.goals) : null;
  let goalSum = 0;
  if (goals) for (let i = 0; i < METRICS; i++) goalSum += goals[i]!;
  let goalFit: number;
  if (goals && goalSum > 0) {
    let served = 0;
    for (let i = 0; i < METRICS; i++) served += goals[i]! * potential[i]!;
    goalFit = served / (3 * goalSum);
    for (let i = 0; i < METRICS; i++) {
      const g = goals[i]!;
      const p = potential[i]!;
      if (g > 0 && p >= 2) candidate((g * p) / (3 * goalSum), (p === 3 ? CODES.G : CODES.g)[i]!);
      else if (g >= 2 && p === 0) candidate(g / goalSum, CODES.x[i]!);
    }
  } else {
    let sum = 0;
    for (let i = 0; i < METRICS; i++) sum += potential[i]!;
    goalFit = sum / 24;
    candidate(1, 'N');
    for (let i = 0; i < METRICS; i++) if (potential[i] === 3) candidate(3 / 24, CODES.p[i]!);
  }

  const effort = method.effort;
  const stage = podcast.stage;
  const time = fitFactor(overBy(effort?.commitment ?? null, stage.commitment), FIT.time);
  const money = fitFactor(overBy(effort?.investment ?? null, stage.investment), FIT.money);
  const audience = fitFactor(overBy(effort?.expansion ?? null, stage.expansion), FIT.audience);
  if (money < 1) candidate(goalFit * (1 - money), '$');
  if (time < 1) candidate(goalFit * (1 - time), 't');
  if (audience < 1) candidate(goalFit * (1 - audience), 'a');
  if (effort) {
    if (effort.investment === 0) candidate(0.02, 'f');
    else if (stage.investment !== null && money === 1) candidate(0.02, 'B');
    if (stage.commitment !== null && time === 1) candidate(0.015, 'T');
    if (stage.expansion !== null && audience === 1) candidate(0.01, 'S');
  }

  let proof = 1;
  if (evidence?.finding) {
    proof *= 1 + EVIDENCE.feed[evidence.finding.rank]!;
    candidate(1, `F:${evidence.finding.key}`);
  }
  if (evidence && evidence.tried.length > 0) {
    let tried = 1;
    for (const t of evidence.tried) tried *= 1 + EVIDENCE.step * t.score * t.similarity;
    tried = Math.min(EVIDENCE.max, Math.max(EVIDENCE.min, tried));
    proof *= tried;
    if (tried > 1.02) candidate(0.5 * (tried - 1), 'W');
    if (tried < 0.98) candidate(0.5 * (1 - tried), 'w');
  }
  if (evidence?.pooled) {
    // What other podcasts measured comes right after a feed finding among the reasons.
    const pooled = pooledEvidence(evidence.pooled);
    proof *= pooled.factor;
    if (pooled.code) candidate(POOLED.weight, pooled.code);
  }

  return result(Math.min(1, goalFit * time * money * audience * proof), heaviest(n));
}

/**
 * The codes of the three heaviest candidates with a weight above 0, heaviest first; equal weights
 * keep the order they were found in (metric order, then effort).
 */
function heaviest(count: number): string[] {
  const top: number[] = [];
  for (let i = 0; i < count; i++) {
    const w = weights[i]!;
    if (!(w > 0)) continue;
    let at = top.length;
    while (at > 0 && weights[top[at - 1]!]! < w) at--;
    if (at < 3) {
      top.splice(at, 0, i);
      if (top.length > 3) top.pop();
    }
  }
  return top.map((i) => codes[i]!);
}

function result(similarity: number, codes: string[]): Stored {
  return { similarity: round3(similarity), codes: codes.join(',') };
}

/**
 * How alike two methods are ('Passende Methoden'), 0–1, rounded to three decimals:
 *
 *   S = 0.5·K + 0.3·P + 0.2·C
 *
 * K: keywords, Jaccard |A ∩ B| / |A ∪ B| (0 when both have none).
 * P: potential profile, 1 − Σ_m |p_a − p_b| / 24 (0 when either has no rating).
 * C: context, the mean of: same application area (1/0), 1 − |Δ commitment| / 10,
 *    1 − |Δ investment| / 6, 1 − |Δ expansion| / 5 (0 when either has no context).
 */
export function practiceSimilarity(a: MethodProfile, b: MethodProfile): number {
  const setA = new Set(a.keywords);
  const union = new Set([...a.keywords, ...b.keywords]);
  const shared = b.keywords.filter((k, i) => setA.has(k) && b.keywords.indexOf(k) === i).length;
  const k = union.size === 0 ? 0 : shared / union.size;

  const pa = a.potential;
  const pb = b.potential;
  const p = pa && pb ? 1 - metric.keys.reduce((s, m) => s + Math.abs(pa[m] - pb[m]), 0) / 24 : 0;

  let c = 0;
  if (a.effort && b.effort && a.application !== null && b.application !== null) {
    const near = (x: number | null, y: number | null, span: number) =>
      x === null || y === null ? 0 : 1 - Math.abs(x - y) / span;
    c =
      ((a.application === b.application ? 1 : 0) +
        near(a.effort.commitment, b.effort.commitment, timeEffort.keys.length - 1) +
        near(a.effort.investment, b.effort.investment, budget.keys.length - 1) +
        near(a.effort.expansion, b.effort.expansion, audienceSize.keys.length - 1)) /
      4;
  }
  return round3(0.5 * k + 0.3 * p + 0.2 * c);
}
