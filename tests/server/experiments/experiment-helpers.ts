// Shortcuts for the experiment suites: a method with action steps written directly (ids given,
// as the content seed gives them), a podcast
// with its owner, and experiments started through the API.
import type { Experiment } from '../../../src/shared/experiments.ts';
import { verifiedUser } from '../helpers/accounts.ts';
import type { Agent } from '../helpers/agent.ts';
import type { TestApp } from '../helpers/test-app.ts';
import { addCategories, createPodcast } from '../podcasts/podcast-helpers.ts';

let practiceIds = 7000;

/** A method with three action steps (the second with a link) and one removed step. */
export async function addPractice(t: TestApp, title = 'Gastauftritt in anderem Podcast') {
  const id = ++practiceIds;
  const at = t.clock.now().toISOString();
  await t.db
    .insertInto('practices')
    .values({
      id,
      title,
      claim: 'Neue Hörer*innen über andere Shows',
      teaser: 'Sei Gast in einem Podcast mit ähnlichem Publikum.',
      emoji: '1f3a4',
      area: 'growth',
      duration_days: 14,
      description: '# Gastauftritt',
      created_at: at,
      updated_at: at,
    })
    .execute();
  await t.db
    .insertInto('practice_actions')
    .values([
      {
        id: id * 10 + 1,
        practice_id: id,
        position: 1,
        description: 'Passende Podcasts finden',
        link_target: null,
        link_label: null,
      },
      {
        id: id * 10 + 2,
        practice_id: id,
        position: 2,
        description: 'Anfrage schreiben',
        link_target: 'https://example.org/vorlage',
        link_label: 'Vorlage',
      },
      {
        id: id * 10 + 3,
        practice_id: id,
        position: 3,
        description: 'Alter Schritt',
        link_target: null,
        link_label: null,
        removed_at: at,
      },
      {
        id: id * 10 + 4,
        practice_id: id,
        position: 4,
        description: 'Aufnahme bewerben',
        link_target: null,
        link_label: null,
      },
    ])
    .execute();
  return { id, title };
}

/** A verified owner with a fresh (trial, so Pro) podcast. */
export async function ownerWithPodcast(t: TestApp) {
  await addCategories(t);
  const owner = await verifiedUser(t);
  const podcast = await createPodcast(owner.agent);
  return { owner, podcast };
}

export async function startExperiment(agent: Agent, podcastId: number, body: Record<string, unknown>) {
  const response = await agent.post(`/api/podcasts/${podcastId}/experiments`, body);
  if (response.statusCode !== 201) throw new Error(`experiment not created: ${response.body}`);
  return (response.json() as { data: Experiment }).data;
}

/** A verified owner with a Pro podcast and a running experiment (1–14 February 2027, clock at its start). */
export async function ownerWithExperiment(t: TestApp) {
  t.clock.set('2027-02-01T09:00:00Z');
  const { owner, podcast } = await ownerWithPodcast(t);
  const practice = await addPractice(t);
  const experiment = await startExperiment(owner.agent, podcast.id, {
    practice_id: practice.id,
    starts_at: '2027-02-01',
    ends_at: '2027-02-14',
  });
  return { owner, podcast, practice, experiment };
}

/** The texts of an experiment's comments, straight from the database. */
export const commentTexts = async (t: TestApp, experimentId: number) =>
  (
    await t.db.selectFrom('comments').select('content').where('experiment_id', '=', experimentId).execute()
  ).map((c) => c.content);

/** The activity log's rows of an experiment, straight from the database, oldest first. */
export const eventRows = (t: TestApp, experimentId: number) =>
  t.db
    .selectFrom('events')
    .select(['trackable_type', 'trackable_id', 'event_type', 'user_id'])
    .where('experiment_id', '=', experimentId)
    .orderBy('id')
    .execute();
