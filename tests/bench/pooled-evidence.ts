// The pooled effects on a synthetic truth (src/server/practices/pooled-evidence.md): a population
// whose methods have true effects that differ by kind of podcast (tests/support/pooled-truth.ts),
// N finished experiments arriving one by one, the job's own publication rules (pooled-publish.ts:
// five podcasts of five owners, whole percents, republished only after five changed podcasts) run
// every 25 experiments. Printed per N:
// - coverage: how often a shown 90 % interval (every podcast's) holds the method's true typical
//   effect, and how often a kind's figure holds that kind's true mean (informative: the weighted
//   figure leans on the other kinds by design);
// - ordering: Spearman's rank correlation between a podcast's scores of the methods and their
//   true effect for its kind, with and without the pooled factor (recommend-engine.ts), averaged
//   over readers of every kind with random goals and stages.
// Run: npx tsx tests/bench/pooled-evidence.ts [replications = 20] [methods = 30]
import { kindKey } from '../../src/server/practices/pooled-kinds.ts';
import {
  decide,
  figuresOf,
  signatureOf,
  type Contribution,
  type Figure,
} from '../../src/server/practices/pooled-publish.ts';
import { scoreCodes, type Points, type PodcastProfile } from '../../src/server/practices/recommend-engine.ts';
import { metric } from '../../src/shared/vocabulary.ts';
import { truthPopulation } from '../support/pooled-truth.ts';

const REPLICATIONS = Number(process.argv[2] ?? 20);
const METHODS = Number(process.argv[3] ?? 30);
const SIZES = [200, 1000, 5000];
const READERS = 40;
const RUN_EVERY = 25;

function ranks(values: number[]) {
  const order = values.map((v, i) => [v, i] as const).sort((a, b) => a[0] - b[0]);
  const r = new Array<number>(values.length);
  for (let i = 0; i < order.length;) {
    let j = i;
    while (j + 1 < order.length && order[j + 1]![0] === order[i]![0]) j++;
    for (let k = i; k <= j; k++) r[order[k]![1]] = (i + j) / 2;
    i = j + 1;
  }
  return r;
}
function spearman(a: number[], b: number[]) {
  const [ra, rb] = [ranks(a), ranks(b)];
  const mean = (x: number[]) => x.reduce((s, v) => s + v, 0) / x.length;
  const [ma, mb] = [mean(ra), mean(rb)];
  let num = 0;
  let da = 0;
  let db = 0;
  for (let i = 0; i < ra.length; i++) {
    num += (ra[i]! - ma) * (rb[i]! - mb);
    da += (ra[i]! - ma) ** 2;
    db += (rb[i]! - mb) ** 2;
  }
  return da === 0 || db === 0 ? 0 : num / Math.sqrt(da * db);
}
const percent = (log: number) => Math.expm1(log) * 100;

type Row = {
  shownMethods: number;
  covered: number;
  kindShown: number;
  kindCovered: number;
  fallbacks: number;
  without: number[];
  with: number[];
};

function replicate(seed: number, n: number, row: Row) {
  const pop = truthPopulation(seed, { methods: METHODS });
  const byMethod = new Map<number, Contribution[]>();
  const state = new Map<number, { published: ReturnType<typeof signatureOf> | null; figures: Figure[] }>();
  const changed = new Set<number>();
  const run = () => {
    for (const id of changed) {
      const list = byMethod.get(id) ?? [];
      const s = state.get(id) ?? { published: null, figures: [] };
      const action = decide(list, s.published, s.figures.length > 0);
      if (action === 'publish') state.set(id, { published: signatureOf(list), figures: figuresOf(list) });
      else if (action === 'withdraw') state.set(id, { ...s, figures: [] });
    }
    changed.clear();
  };
  for (let i = 1; i <= n; i++) {
    const { method, contribution } = pop.experiment();
    byMethod.set(method.id, [...(byMethod.get(method.id) ?? []), contribution]);
    changed.add(method.id);
    if (i % RUN_EVERY === 0) run();
  }
  run();

  for (const m of pop.methods) {
    const figures = state.get(m.id)?.figures ?? [];
    const all = figures.find((f) => f.kind === 'all');
    if (!all) continue;
    row.shownMethods++;
    if (all.low <= percent(m.typical) && percent(m.typical) <= all.high) row.covered++;
    for (const f of figures) {
      if (f.kind === 'all' || f.kind.includes('?')) continue;
      if (f.fallback) {
        row.fallbacks++;
        continue;
      }
      row.kindShown++;
      const truth = percent(m.byKind[f.kind]!);
      if (f.low <= truth && truth <= f.high) row.kindCovered++;
    }
  }

  for (let r = 0; r < READERS; r++) {
    const kind = { size: Math.floor(pop.random() * 3), rhythm: pop.random() < 0.7 ? 0 : 1 };
    const goals = Object.fromEntries(metric.keys.map((k) => [k, Math.floor(pop.random() * 4)])) as Points;
    const profile: PodcastProfile = {
      goals,
      stage: {
        commitment: Math.floor(pop.random() * 8),
        investment: Math.floor(pop.random() * 5),
        expansion: kind.size + 1,
      },
    };
    const truth: number[] = [];
    const without: number[] = [];
    const withPooling: number[] = [];
    const flags = { applied: false, rejected: false };
    for (const m of pop.methods) {
      truth.push(m.byKind[kindKey(kind)]!);
      without.push(scoreCodes(profile, m.profile, flags).similarity ?? 0);
      const f = state.get(m.id)?.figures.find((x) => x.kind === kindKey(kind));
      const evidence = { tried: [], pooled: f && { low: f.low, high: f.high, fallback: f.fallback } };
      withPooling.push(scoreCodes(profile, m.profile, flags, evidence).similarity ?? 0);
    }
    row.without.push(spearman(without, truth));
    row.with.push(spearman(withPooling, truth));
  }
}

const mean = (x: number[]) => x.reduce((s, v) => s + v, 0) / x.length;
const pct = (a: number, b: number) => (b === 0 ? '–' : `${((a / b) * 100).toFixed(1)} %`);
console.log(
  `${REPLICATIONS} populations of ${METHODS} methods and 2,000 podcasts each; the job's rules every ${RUN_EVERY} experiments; ${READERS} readers per population\n`,
);
console.log(
  '| finished experiments | methods shown | coverage of the typical effect | kind figures (fallbacks) | their coverage of the kind’s mean | rank correlation without pooling | with pooling |',
);
console.log('|---|---|---|---|---|---|---|');
for (const n of SIZES) {
  const row: Row = {
    shownMethods: 0,
    covered: 0,
    kindShown: 0,
    kindCovered: 0,
    fallbacks: 0,
    without: [],
    with: [],
  };
  const started = performance.now();
  for (let seed = 1; seed <= REPLICATIONS; seed++) replicate(seed * 7919 + n, n, row);
  console.log(
    `| ${n} | ${(row.shownMethods / REPLICATIONS).toFixed(1)} of ${METHODS} | ${pct(row.covered, row.shownMethods)} | ${row.kindShown} (${row.fallbacks}) | ${pct(row.kindCovered, row.kindShown)} | ${mean(row.without).toFixed(3)} | ${mean(row.with).toFixed(3)} |`,
  );
  if (process.env.BENCH_VERBOSE) console.log(`  ${((performance.now() - started) / 1000).toFixed(1)} s`);
}
