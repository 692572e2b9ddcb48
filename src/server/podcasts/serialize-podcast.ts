// The Podcast entity of §3 as the API sends it, every field computed from the stored data.
import type { Podcast } from '../../shared/podcasts.ts';
import { labelled, metric, type MetricKey } from '../../shared/vocabulary.ts';
import { berlinDate } from '../../shared/calendar.ts';
import { membershipRole } from '../../shared/roles.ts';
import type { Db } from '../db/database.ts';
import { imageUri } from '../users/serialize-user.ts';
import type { PodcastAccess } from './guard.ts';

const count = (n: unknown) => Number(n ?? 0);

/** Milestones as `{ metric: text }`, in the order of the metric vocabulary. */
export async function loadMilestones(db: Db, podcastId: number) {
  const rows = await db
    .selectFrom('podcast_milestones')
    .select(['metric', 'value'])
    .where('podcast_id', '=', podcastId)
    .execute();
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
  const [episodes, members, others, objective, stage, strategy, metrics, image] = await Promise.all([
    db
      .selectFrom('episodes')
      .select((eb) => [eb.fn.countAll<number>().as('n'), eb.fn.min('published_at').as('oldest')])
      .where('podcast_id', '=', pid)
      .executeTakeFirstOrThrow(),
    db
      .selectFrom('memberships')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('podcast_id', '=', pid)
      .where('active', '=', 1)
      .executeTakeFirstOrThrow(),
    // Coworkers invited: any membership besides the owner's, active or not.
    db
      .selectFrom('memberships')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('podcast_id', '=', pid)
      .where('role', '!=', 'owner')
      .executeTakeFirstOrThrow(),
    db.selectFrom('podcast_objectives').selectAll().where('podcast_id', '=', pid).executeTakeFirst(),
    db.selectFrom('podcast_stages').select('podcast_id').where('podcast_id', '=', pid).executeTakeFirst(),
    db.selectFrom('podcast_strategies').selectAll().where('podcast_id', '=', pid).executeTakeFirst(),
    db
      .selectFrom('podcast_metrics')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('podcast_id', '=', pid)
      .executeTakeFirstOrThrow(),
    podcast.image_id === null
      ? undefined
      : db.selectFrom('images').select('key').where('id', '=', podcast.image_id).executeTakeFirst(),
  ]);
  const milestones = await loadMilestones(db, pid);

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
