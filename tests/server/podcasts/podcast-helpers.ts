// Shortcuts for the podcast suites: categories to choose from, a podcast created through the API,
// and memberships written directly (invitations come with a later issue).
import type { Podcast } from '../../../src/shared/podcasts.ts';
import type { Role } from '../../../src/shared/roles.ts';
import type { Agent } from '../helpers/agent.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';

export const CATEGORIES = [
  { id: 901, display: 'Gesellschaft' },
  { id: 902, display: 'Wissenschaft' },
  { id: 903, display: 'Comedy' },
];

export async function addCategories(t: TestApp) {
  await t.db
    .insertInto('categories')
    .values(CATEGORIES)
    .onConflict((oc) => oc.column('id').doNothing())
    .execute();
}

/** One podcast as the API answers it. */
export type One = { data: Podcast };

/** A fresh app with the categories to choose from (the podcast suites' setup). */
export async function appWithCategories() {
  const t = await createTestApp();
  await addCategories(t);
  return t;
}

export const form = (overrides: Record<string, unknown> = {}) => ({
  title: 'Zeitreise',
  name: 'Zeitreise – der Geschichtspodcast',
  author: 'Anna Beispiel',
  category_id: [901, 902],
  rss_uri: 'https://feeds.example.org/zeitreise.xml',
  web_uri: 'https://zeitreise.example.org',
  ...overrides,
});

export async function createPodcast(agent: Agent, overrides: Record<string, unknown> = {}) {
  const response = await agent.post('/api/podcasts', form(overrides));
  if (response.statusCode !== 201) throw new Error(`podcast not created: ${response.body}`);
  return (response.json() as { data: Podcast }).data;
}

export async function addMember(t: TestApp, podcastId: number, userId: number, role: Role, active = 1) {
  await t.db
    .insertInto('memberships')
    .values({ podcast_id: podcastId, user_id: userId, role, active, created_at: t.clock.now().toISOString() })
    .execute();
}

/** A podcast written straight into the database, owned by `ownerId` (no feed, no form). */
export async function podcastOwnedBy(t: TestApp, title: string, ownerId: number) {
  const now = t.clock.now().toISOString();
  const row = await t.db
    .insertInto('podcasts')
    .values({ title, created_at: now, updated_at: now })
    .returning('id')
    .executeTakeFirstOrThrow();
  await addMember(t, row.id, ownerId, 'owner');
  return row.id;
}
