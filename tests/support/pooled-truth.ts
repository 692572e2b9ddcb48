// A population with a known truth for the pooled effects (src/server/practices/pooled-evidence.md):
// podcasts of three sizes and two rhythms (shares like the data-scale population's stages: most
// small, few large; most weekly), owners of one or two podcasts, methods with engine profiles, and
// per method a true typical effect on the downloads that differs by kind of podcast and scatters
// from podcast to podcast. Each finished experiment is a random podcast trying a method (popular
// methods more often), measured with the baseline effect's uncertainty (wider for small podcasts).
import type { Kind } from '../../src/server/practices/pooled-kinds.ts';
import type { Contribution } from '../../src/server/practices/pooled-publish.ts';
import type { MethodProfile, Points } from '../../src/server/practices/recommend-engine.ts';
import { metric } from '../../src/shared/vocabulary.ts';
import { seededRandom } from '../../src/server/audience/baseline-bootstrap.ts';
import { normal } from './synthetic-audience.ts';

export type TruthMethod = {
  id: number;
  profile: MethodProfile;
  /** The true typical effect (log ratio) over the population's mix of kinds. */
  typical: number;
  /** The true mean effect for podcasts of each kind (key 'sXrY'). */
  byKind: Record<string, number>;
  popularity: number;
};
export type TruthPodcast = { id: number; owner: number; kind: Kind; individual: number };

const SIZES = [0.55, 0.33, 0.12];
const WEEKLY = 0.7;
const pick = (random: () => number, shares: number[]) => {
  let r = random();
  for (let i = 0; i < shares.length; i++) if ((r -= shares[i]!) < 0) return i;
  return shares.length - 1;
};
const key = (k: Kind) => `s${k.size}r${k.rhythm}`;

export function truthPopulation(seed: number, { methods = 30, podcasts = 2000 } = {}) {
  const random = seededRandom(seed);
  const list: TruthMethod[] = [];
  for (let id = 1; id <= methods; id++) {
    const potential = Object.fromEntries(metric.keys.map((k) => [k, Math.floor(random() * 4)])) as Points;
    // The truth leans on the reach potential a little (the editors' rating is not blind), the rest
    // is what only measuring tells.
    const base = 0.01 + 0.015 * (potential.coverage - 1.5) + 0.05 * normal(random);
    const bySize = [0, 1, 2].map(() => 0.05 * normal(random));
    const byRhythm = [0, 1].map(() => 0.03 * normal(random));
    const byKind: Record<string, number> = {};
    let typical = 0;
    for (const size of [0, 1, 2])
      for (const rhythm of [0, 1]) {
        const effect = base + bySize[size]! + byRhythm[rhythm]!;
        byKind[key({ size, rhythm })] = effect;
        typical += SIZES[size]! * (rhythm === 0 ? WEEKLY : 1 - WEEKLY) * effect;
      }
    list.push({
      id,
      typical,
      byKind,
      popularity: 0.2 + random(),
      profile: {
        potential,
        effort: {
          commitment: Math.floor(random() * 6),
          investment: Math.floor(random() * 4),
          expansion: Math.floor(random() * 3),
        },
        keywords: [],
        application: 'growth',
      },
    });
  }
  const shows: TruthPodcast[] = [];
  let owner = 0;
  for (let id = 1; id <= podcasts; id++) {
    // One owner in ten has a second podcast.
    if (id === 1 || random() > 0.1) owner++;
    const kind = { size: pick(random, SIZES), rhythm: random() < WEEKLY ? 0 : 1 };
    shows.push({ id, owner, kind, individual: 0.04 * normal(random) });
  }
  const totalPopularity = list.reduce((s, m) => s + m.popularity, 0);

  /** The n-th finished experiment: a random podcast and method, measured with its uncertainty. */
  let experimentId = 0;
  function experiment(): { method: TruthMethod; contribution: Contribution } {
    const show = shows[Math.floor(random() * shows.length)]!;
    let r = random() * totalPopularity;
    const method = list.find((m) => (r -= m.popularity) < 0) ?? list.at(-1)!;
    const truth = method.byKind[key(show.kind)]! + show.individual;
    // The baseline effect's uncertainty: 8–30 points for small shows, 4–15 for large ones.
    const se = (0.04 + 0.11 * random()) * [2, 1.4, 1][show.kind.size!]!;
    return {
      method,
      contribution: {
        experimentId: ++experimentId,
        podcastId: show.id,
        ownerId: show.owner,
        y: truth + se * normal(random),
        v: se * se,
        kind: show.kind,
      },
    };
  }
  return { methods: list, podcasts: shows, experiment, random };
}
