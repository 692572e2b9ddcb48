// The Podcast entity of §3 as the API sends it, every field computed from the stored data.
import type { Podcast } from '../../shared/podcasts.ts';
import { strategyFields } from '../../shared/strategy.ts';
import { labelled, metric, type MetricKey } from '../../shared/vocabulary.ts';
import { berlinDate } from '../../shared/calendar.ts';
import { membershipRole } from '../../shared/roles.ts';
import { sql } from 'kysely';
import type { Db } from '../db/database.ts';
import { preparedQuery } from '../db/prepared-query.ts';
import { imageUri } from '../users/serialize-user.ts';
import type { PodcastAccess } from '../access/guard.ts';

const count = (n: unknown) => Number(n ?? 0);

// The podcast's read runs on every dashboard visit: its query is built and compiled once
// (prepared-query.ts; on SQLite run on the reader), and the counts, goals, strategy and milestones
// come in one statement, not eleven (Entscheidung POD-4). Columns of the joined rows are prefixed:
// `referability` is both a goal and a strategy answer.
const milestoneRows = preparedQuery((db: Db, podcastId: number) =>
  db.selectFrom('podcast_milestones').select(['metric', 'value']).where('podcast_id', '=', podcastId),
);
const podcastFacts = preparedQuery((db: Db, podcastId: number) =>
  db
    .selectFrom('podcasts as p')
    .where('p.id', '=', podcastId)
    .select((eb) => [
      eb
        .selectFrom('episodes')
        .select((e) => e.fn.countAll<number>().as('n'))
        .whereRef('episodes.podcast_id', '=', 'p.id')
        .as('episodes'),
      eb
        .selectFrom('episodes')
        .select((e) => e.fn.min('published_at').as('oldest'))
        .whereRef('episodes.podcast_id', '=', 'p.id')
        .as('oldest'),
      eb
        .selectFrom('memberships')
        .select((e) => e.fn.countAll<number>().as('n'))
        .whereRef('memberships.podcast_id', '=', 'p.id')
        .where('memberships.active', '=', 1)
        .as('members'),
      // Coworkers invited: any membership besides the owner's, active or not.
      eb
        .selectFrom('memberships')
        .select((e) => e.fn.countAll<number>().as('n'))
        .whereRef('memberships.podcast_id', '=', 'p.id')
        .where('memberships.role', '!=', 'owner')
        .as('others'),
      eb
        .selectFrom('podcast_metrics')
        .select((e) => e.fn.countAll<number>().as('n'))
        .whereRef('podcast_metrics.podcast_id', '=', 'p.id')
        .as('metrics'),
      eb
        .selectFrom('podcast_stages')
        .select('podcast_stages.podcast_id')
        .whereRef('podcast_stages.podcast_id', '=', 'p.id')
        .as('stage'),
      eb.selectFrom('images').select('images.key').whereRef('images.id', '=', 'p.image_id').as('image_key'),
      // A milestone per metric: the primary key (podcast_id, metric) finds each.
      ...metric.keys.map((k) =>
        eb
          .selectFrom('podcast_milestones as m')
          .select('m.value')
          .whereRef('m.podcast_id', '=', 'p.id')
          .where('m.metric', '=', k)
          .as(`m_${k}`),
      ),
    ])
    .leftJoin('podcast_objectives as o', 'o.podcast_id', 'p.id')
    .leftJoin('podcast_strategies as s', 's.podcast_id', 'p.id')
    .select(['o.podcast_id as objective_id', 's.podcast_id as strategy_id'])
    .select(metric.keys.map((k) => sql<string | null>`${sql.ref(`o.${k}`)}`.as(`o_${k}`)))
    .select(strategyFields.map((k) => sql<string | null>`${sql.ref(`s.${k}`)}`.as(`s_${k}`))),
);
type Facts = Record<string, unknown>;
/** Milestones as `{ metric: text }`, in the order of the metric vocabulary. */
export async function loadMilestones(db: Db, podcastId: number) {
  const rows = await milestoneRows(db, podcastId);
  return milestonesOf(new Map(rows.map((r) => [r.metric, r.value])));
}

function milestonesOf(byMetric: Map<string, string | null | undefined>) {
  const milestones: Partial<Record<MetricKey, string>> = {};
  for (const key of metric.keys) {
    const value = byMetric.get(key);
    if (value !== undefined && value !== null) milestones[key] = value;
  }
  return milestones;
}

export async function serializePodcast(db: Db, access: PodcastAccess): Promise<Podcast> {
  const { podcast, plan, role } = access;
  const pid = podcast.id;
  const [facts] = (await podcastFacts(db, pid)) as Facts[];
  const milestones = milestonesOf(new Map(metric.keys.map((k) => [k, facts?.[`m_${k}`] as string | null])));
  const objective = facts?.objective_id === null || facts?.objective_id === undefined ? undefined : facts;
  const episodes = { n: facts?.episodes, oldest: facts?.oldest };
  const members = { n: facts?.members };
  const others = { n: facts?.others };
  const metrics = { n: facts?.metrics };
  const stage = facts?.stage === null || facts?.stage === undefined ? undefined : facts.stage;
  const image =
    facts?.image_key === null || facts?.image_key === undefined
      ? undefined
      : { key: String(facts.image_key) };

  // Tracked are the metrics the podcast set as a goal (importance above none).
  const traceable = objective ? metric.keys.filter((k) => objective[`o_${k}`] !== 'none') : [];
  const answers = strategyFields.map((k) => facts?.[`s_${k}`]);
  const steps = {
    setup_objective: objective !== undefined,
    setup_stage: stage !== undefined,
    setup_strategy: answers.some((v) => typeof v === 'string' && v !== ''),
    setup_metrics: count(metrics.n) > 0,
    setup_milestones: Object.keys(milestones).length > 0,
    setup_coworkers: count(others.n) > 0,
  };
  const oldest = episodes.oldest as string | null;
  return {
    id: pid,
    title: podcast.title,
    name: podcast.name,
    author: podcast.author,
    category_id:
      podcast.category_id_1 !== null && podcast.category_id_2 !== null
        ? [podcast.category_id_1, podcast.category_id_2]
        : [],
    image: imageUri(image?.key),
    rss_uri: podcast.rss_uri,
    web_uri: podcast.web_uri,
    created_at: berlinDate(new Date(podcast.created_at)),
    oldest_episode: oldest ? berlinDate(new Date(oldest)) : null,
    num_episodes: count(episodes.n),
    num_memberships: count(members.n),
    num_experiments: 0, // experiments arrive with their own issue
    active: plan.active,
    only_trial: plan.only_trial,
    trial: plan.trial,
    own_podcast: role === 'owner',
    role: labelled(membershipRole, role),
    traceable,
    milestones,
    // `setup`: every step of the checklist is done; `completed`: the checklist was closed.
    setup: Object.values(steps).every(Boolean),
    completed: podcast.completed_at !== null,
    ...steps,
  };
}
