// The invitation suites' setup: an app with categories, an owner „Olga Owner“ with a podcast
// „Zeitreise“, and the podcast's open invitations as the owner lists them.
import { invitationsResponse } from '../../../src/shared/team.ts';
import type { Agent } from '../helpers/agent.ts';
import { verifiedUser } from '../helpers/accounts.ts';
import { createTestApp } from '../helpers/test-app.ts';
import { addCategories, createPodcast } from '../podcasts/podcast-helpers.ts';
import { contract } from './team-helpers.ts';

export const DAY = 86_400_000;

export const listed = async (agent: Agent, podcastId: number) =>
  contract(await agent.get(`/api/podcasts/${podcastId}/invitations`), 200, invitationsResponse).data;

export async function invitationsApp() {
  const t = await createTestApp();
  await addCategories(t);
  /** A verified owner named Olga with a podcast „Zeitreise“. */
  async function ownerWithPodcast() {
    const owner = await verifiedUser(t);
    await owner.agent.put('/api/account', { name: 'Olga Owner', email: owner.email });
    const podcast = await createPodcast(owner.agent, { title: 'Zeitreise' });
    return { owner, podcast };
  }
  return { t, ownerWithPodcast };
}
