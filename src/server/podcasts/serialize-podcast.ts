// The Podcast entity of §3 as the API sends it, every field computed from the stored data.
import type { Podcast } from '../../shared/podcasts.ts';
import { labelled, metric, type MetricKey } from '../../shared/vocabulary.ts';
import { berlinDate } from '../../shared/calendar.ts';
import { membershipRole } from '../../shared/roles.ts';
import type { Db } from '../db/database.ts';
import { preparedQuery } from '../db/prepared-query.ts';
import { imageUri } from '../users/serialize-user.ts';
import type { PodcastAccess } from './guard.ts';

const count = (n: unknown) => Number(n ?? 0);

// The podcast's read runs on every dashboard visit: its queries are built and compiled once
// (prepared-query.ts; on SQLite run on the reader), and the counts come in one query, not eight
// (decision 2026-11-26, issue 25: building them cost more than running them).
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
    ]),
);
const objectiveRow = preparedQuery((db: Db, podcastId: number) =>
  db.selectFrom('podcast_objectives').selectAll().where('podcast_id', '=', podcastId),
);
const strategyRow = preparedQuery((db: Db, podcastId: number) =>
  db.selectFrom('podcast_strategies').selectAll().where('podcast_id', '=', podcastId),
);

/** Milestones as `{ metric: text }`, in the order of the metric vocabulary. */
export async function loadMilestones(db: Db, podcastId: number) {
  const rows = await milestoneRows(db, podcastId);
  const byMetric = new Map(rows.map((r) => [r.metric, r.value]));
  const milestones: Partial<Record<MetricKey, string>> = {};
  for (const key of metric.keys) {
    const value = byMetric.get(key);
    if (value !== undefined) milestones[key] = value;
  }
  return milestones;
}

export async function serializePodcast(db: Db, access: PodcastAccess): Promise<Podcast> {
  const { podcast, plan, role } = access;
  const pid = podcast.id;
  const [[facts], [objective], [strategy], milestones] = await Promise.all([
    podcastFacts(db, pid),
    objectiveRow(db, pid),
    strategyRow(db, pid),
    loadMilestones(db, pid),
  ]);
  const episodes = { n: facts?.episodes, oldest: facts?.oldest };
  const members = { n: facts?.members };
  const others = { n: facts?.others };
  const metrics = { n: facts?.metrics };
  const stage = facts?.stage === null || facts?.stage === undefined ? undefined : facts.stage;
  const image =
    facts?.image_key === null || facts?.image_key === undefined ? undefined : { key: facts.image_key };

  // Tracked are the metrics the podcast set as a goal (importance above none).
  const traceable = objective ? metric.keys.filter((k) => objective[k] !== 'none') : [];
  const { podcast_id: _, ...answers } = strategy ?? { podcast_id: 0 };
  const steps = {
    setup_objective: objective !== undefined,
    setup_stage: stage !== undefined,
    setup_strategy: Object.values(answers).some((v) => typeof v === 'string' && v !== ''),
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
