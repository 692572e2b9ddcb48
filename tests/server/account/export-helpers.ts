// Shortcuts for the export suites: an account with a row in every table the export reads
// (src/server/account/export/export-tables.ts), and the archive read back.
import { randomBytes } from 'node:crypto';
import { strFromU8, unzipSync } from 'fflate';
import Papa from 'papaparse';
import { verifiedUser } from '../helpers/accounts.ts';
import type { Agent } from '../helpers/agent.ts';
import type { TestApp } from '../helpers/test-app.ts';
import { addPractice, startExperiment } from '../experiments/experiment-helpers.ts';
import { addCategories, createPodcast } from '../podcasts/podcast-helpers.ts';

/** What must never be in an archive: each is written into the account's rows below. */
export const SECRETS = {
  op3Token: 'sealed-op3-token-4f1a2b',
  op3Hint: 'zq9x',
  invitationHash: 'inv-hash-9d8c7b6a5f4e',
  steadyToken: 'steady-access-token-77aa',
  pushAuth: 'push-auth-key-55bb',
  imageKey: 'image-key-secret-1c2d3e',
};

export async function download(agent: Agent) {
  const response = await agent.get('/api/account/export/download');
  if (response.statusCode !== 200)
    throw new Error(`download failed: ${response.statusCode} ${response.body}`);
  return { response, files: unzipSync(new Uint8Array(response.rawPayload)) };
}

/** A CSV of the archive as rows keyed by its header (the byte order mark dropped). */
export function csv(files: Record<string, Uint8Array>, name: string) {
  const text = strFromU8(files[name]!).replace(/^\uFEFF/, '');
  return Papa.parse<Record<string, string>>(text, { header: true, skipEmptyLines: true }).data;
}

/**
 * A verified owner whose podcast has a row in every table the export reads; `other` writes a
 * comment in it, and the owner comments in a podcast of `other`'s (a contribution elsewhere).
 */
export async function richAccount(t: TestApp) {
  t.clock.set('2027-02-01T09:00:00Z');
  await addCategories(t);
  const owner = await verifiedUser(t);
  const other = await verifiedUser(t);
  const podcast = await createPodcast(owner.agent);
  const practice = await addPractice(t);
  const experiment = await startExperiment(owner.agent, podcast.id, {
    practice_id: practice.id,
    starts_at: '2027-02-01',
    ends_at: '2027-02-14',
  });
  const say = async (agent: Agent, experimentId: number, content: string) => {
    const r = await agent.post(`/api/experiments/${experimentId}/comments`, { content });
    if (r.statusCode !== 201) throw new Error(`comment failed: ${r.body}`);
  };
  await say(owner.agent, experiment.id, 'Erster Gast angefragt.');
  const now = t.clock.now().toISOString();
  const db = t.db;
  const id = podcast.id;
  const user = owner.id;

  // The other's podcast, where the owner is an editor and comments.
  const theirs = await createPodcast(other.agent, { title: 'Fremder Podcast', rss_uri: null, web_uri: null });
  await db
    .insertInto('memberships')
    .values({ podcast_id: theirs.id, user_id: user, role: 'editor', active: 1, created_at: now })
    .execute();
  await db
    .insertInto('memberships')
    .values({ podcast_id: id, user_id: other.id, role: 'editor', active: 1, created_at: now })
    .execute();
  const elsewhere = await startExperiment(other.agent, theirs.id, {
    practice_id: practice.id,
    starts_at: '2027-02-01',
    ends_at: '2027-02-14',
  });
  await say(owner.agent, elsewhere.id, 'Mein Kommentar im fremden Podcast.');
  await say(other.agent, elsewhere.id, 'Nur im fremden Podcast: gehört nicht ins Archiv.');
  await say(other.agent, experiment.id, 'Kommentar eines Teammitglieds.');

  const image = await db
    .insertInto('images')
    // Random bytes do not compress: the archive spans several pieces.
    .values({
      key: `${SECRETS.imageKey}-${user}`,
      bytes: randomBytes(300 * 1024),
      mime: 'image/webp',
      created_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await db.updateTable('users').set({ image_id: image.id }).where('id', '=', user).execute();
  await db
    .insertInto('profiles')
    .values({ user_id: user, username: 'Anna', position: 'owner', language: 'de', referrer: 'podcast' })
    .onConflict((oc) => oc.column('user_id').doNothing())
    .execute();
  await db
    .insertInto('access_codes')
    .values({
      code: `CODE-${user}`,
      note: 'Crowdfunding 2026',
      created_at: now,
      redeemed_by: user,
      redeemed_at: now,
    })
    .execute();
  await db
    .insertInto('steady_accounts')
    .values({
      user_id: user,
      steady_user_id: 's-1',
      email: owner.email,
      access_token: SECRETS.steadyToken,
      refresh_token: SECRETS.steadyToken,
      token_expires_at: null,
      subscription_id: null,
      period: 'monthly',
      plan_name: 'Pro',
      cancelled_at: null,
      expires_at: null,
      checked_at: now,
    })
    .execute();
  await db.insertInto('contracts').values({ podcast_id: id, user_id: user, created_at: now }).execute();
  await db
    .insertInto('push_subscriptions')
    .values({
      user_id: user,
      endpoint: `https://push.example/${user}`,
      p256dh: 'p256',
      auth: SECRETS.pushAuth,
      created_at: now,
      updated_at: now,
    })
    .execute();
  await db
    .insertInto('invitations')
    .values({
      podcast_id: id,
      email: 'gast@example.org',
      role: 'editor',
      notes: 'Willkommen',
      token_hash: `${SECRETS.invitationHash}-${user}`,
      invited_by: user,
      created_at: now,
      last_sent_at: now,
      expires_on: '2027-02-15',
      converted_at: null,
      converted_user_id: null,
    })
    .execute();
  await db
    .insertInto('user_contexts')
    .values({ user_id: user, podcast_id: id })
    .onConflict((oc) => oc.column('user_id').doNothing())
    .execute();
  const levels = {
    coverage: 'high',
    throughput: 'low',
    reputation: 'none',
    interaction: 'medium',
    monetization: 'none',
    expertise: 'low',
    referability: 'none',
    enjoyment: 'high',
  };
  await db
    .insertInto('podcast_objectives')
    .values({ podcast_id: id, ...levels })
    .onConflict((oc) => oc.column('podcast_id').doNothing())
    .execute();
  await db
    .insertInto('podcast_stages')
    .values({ podcast_id: id, commitment: '1_hour', expansion: 'lt_1k', investment: 'none' })
    .onConflict((oc) => oc.column('podcast_id').doNothing())
    .execute();
  await db
    .insertInto('podcast_strategies')
    .values({
      podcast_id: id,
      subject: 'Geschichte',
      audience: null,
      uniqueness: null,
      tailwind: null,
      motivation: null,
      referability: null,
      expenditure: null,
    })
    .onConflict((oc) => oc.column('podcast_id').doNothing())
    .execute();
  await db
    .insertInto('podcast_milestones')
    .values({ podcast_id: id, metric: 'coverage', value: '1000 Abos' })
    .execute();
  await db
    .insertInto('podcast_metrics')
    .values({
      podcast_id: id,
      metric: 'coverage',
      value: 420,
      recorded_on: '2027-02-01',
      created_at: now,
      user_id: user,
      experiment_id: null,
      evaluation: null,
      source: null,
    })
    .execute();
  await db
    .insertInto('podcast_settings')
    .values({ podcast_id: id, key: 'present_widget_closed', value: '1' })
    .execute();
  await db
    .insertInto('episodes')
    .values({ podcast_id: id, guid: 'ep-1', title: 'Folge 1', web_uri: null, published_at: now })
    .execute();
  await db
    .insertInto('feed_checks')
    .values({ podcast_id: id, checked_at: now, findings: '[]', rhythm: '{}' })
    .execute();
  await db
    .insertInto('practice_effect_contributions')
    .values({
      experiment_id: experiment.id,
      podcast_id: id,
      practice_id: practice.id,
      owner_id: null,
      log_ratio: 0.1,
      variance: 0.01,
      kind: 's0r0',
      checked_on: now.slice(0, 10),
    })
    .execute();
  const source = await db
    .insertInto('audience_sources')
    .values({
      podcast_id: id,
      type: 'op3',
      token_secret: SECRETS.op3Token,
      token_hint: SECRETS.op3Hint,
      show_uuid: 'show-1',
      show_title: 'Zeitreise',
      status: 'ok',
      message: null,
      cursor: null,
      failures: 0,
      next_fetch_at: null,
      last_fetched_at: now,
      created_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await db
    .insertInto('audience_days')
    .values({
      source_id: source.id,
      podcast_id: id,
      day: '2027-01-31',
      downloads: 812,
      listeners: null,
      followers: null,
      plays: null,
      consumption: null,
    })
    .execute();
  await db
    .insertInto('audience_episodes')
    .values({
      source_id: source.id,
      podcast_id: id,
      item_guid: 'ep-1',
      title: 'Folge 1',
      published_on: '2027-01-01',
      downloads_1: 10,
      downloads_3: 20,
      downloads_7: 30,
      downloads_30: 40,
      downloads_all: 50,
      ages: '{"14":35}',
    })
    .execute();
  await db
    .insertInto('audience_uploads')
    .values({
      podcast_id: id,
      user_id: user,
      file_name: 'downloads januar.csv',
      content: 'Datum;Downloads\n2027-01-31;812\n',
      shape: 'datum|downloads',
      created_at: now,
    })
    .execute();
  const upload = await db
    .insertInto('audience_sources')
    .values({ podcast_id: id, type: 'upload', status: 'ok', failures: 0, created_at: now })
    .returning('id')
    .executeTakeFirstOrThrow();
  const imported = await db
    .insertInto('audience_imports')
    .values({
      podcast_id: id,
      source_id: upload.id,
      user_id: user,
      file_name: 'downloads.csv',
      created_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await db
    .insertInto('audience_import_days')
    .values({
      import_id: imported.id,
      podcast_id: id,
      day: '2027-01-30',
      downloads: 700,
      listeners: null,
      followers: null,
      plays: null,
      consumption: null,
    })
    .execute();
  await db
    .insertInto('audience_mappings')
    .values({ podcast_id: id, shape: 'datum|downloads', mapping: '{"day":0}', updated_at: now })
    .execute();
  await db
    .insertInto('assistances')
    .values({
      podcast_id: id,
      rule: 'test',
      cause: 'test-1',
      subject: 'Ein Tipp',
      message: 'Probier es aus.',
      created_at: now,
    })
    .execute();
  for (const table of ['practice_bookmarks', 'practice_rejections'] as const)
    await db
      .insertInto(table)
      .values({ podcast_id: id, practice_id: practice.id, user_id: user, created_at: now })
      .execute();
  await db
    .insertInto('practice_applications')
    .values({
      podcast_id: id,
      practice_id: practice.id,
      user_id: user,
      created_at: now,
      starts_on: '2027-02-01',
    })
    .execute();
  await db
    .insertInto('feedback')
    .values({ user_id: user, email: owner.email, message: 'Schöne App', page: '/app', created_at: now })
    .execute();
  await db
    .insertInto('newsletter_signups')
    .values({ email: owner.email, token_hash: null, created_at: now, confirmed_at: now })
    .execute();
  await db
    .insertInto('audit_log')
    .values({
      user_id: user,
      user_email: owner.email,
      action: 'update',
      subject_type: 'practice',
      subject_id: String(practice.id),
      details: '{}',
      created_at: now,
    })
    .execute();
  return { owner, other, podcast, theirs, experiment, elsewhere, practice };
}
