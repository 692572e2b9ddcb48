// One response contract: every JSON route declares the zod schema of its success answer, and
// what the server sends is exactly what the shared schema describes (the client parses with it).
import type { RouteOptions } from 'fastify';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  registrationResponse,
  userProfileResponse,
  userResponse,
  verificationResponse,
} from '../../../src/shared/account.ts';
import { csrfTokenResponse, messageResponse } from '../../../src/shared/api.ts';
import { compilationResponse, compilationsResponse } from '../../../src/shared/compilations.ts';
import {
  adviceResponse,
  categoriesResponse,
  changelogResponse,
  keywordsResponse,
  roadmapResponse,
} from '../../../src/shared/content-api.ts';
import { accountPodcastsResponse } from '../../../src/shared/podcasts.ts';
import {
  applicationResponse,
  applicationsResponse,
  bookmarkResponse,
  bookmarksResponse,
  estimationsResponse,
  podcastPracticeResponse,
  podcastPracticesResponse,
  rejectionResponse,
  similaritiesResponse,
} from '../../../src/shared/podcast-practices.ts';
import {
  practiceActionsResponse,
  practiceContentResponse,
  practiceContextResponse,
  practiceMetricsResponse,
  practiceRatingResponse,
  practiceResponse,
} from '../../../src/shared/practices.ts';
import { serializerCompiler } from '../../../src/server/http/serializer.ts';
import { PASSWORD, register, verifiedUser } from '../helpers/accounts.ts';
import type { Agent } from '../helpers/agent.ts';
import { createTestApp } from '../helpers/test-app.ts';

const routes: RouteOptions[] = [];
const t = await createTestApp({ seed: true, onRoute: (route) => void routes.push(route) });
const { agent, id } = await verifiedUser(t);

/** Routes that answer without a JSON body, each with the reason. */
const withoutBody: Record<string, string> = {
  'GET /api/images/:key': 'binary: the image bytes',
  'GET /api/account/export/download': 'binary: the zip archive of the account’s data',
  'DELETE /api/account': '204 without a body',
  'DELETE /api/account/session': '204 without a body',
  'DELETE /api/podcasts/:id': '204 without a body',
  'DELETE /api/experiments/:id': '204 without a body',
  'DELETE /api/nova/advices/:id': '204 without a body',
  'DELETE /api/nova/changelog/:id': '204 without a body',
  'DELETE /api/nova/roadmap/:id': '204 without a body',
  'POST /api/memberships/:id(^[^:/]+)::delete': '204 without a body',
  'DELETE /api/podcasts/:id/bookmarks': '204 without a body',
  'DELETE /api/podcasts/:id/rejections': '204 without a body',
  'DELETE /api/podcasts/:id/applications': '204 without a body',
  'DELETE /api/podcasts/:id/audience-sources/:sourceId': '204 without a body',
  'DELETE /api/podcasts/:id/audience-imports/:importId': '204 without a body',
};

const apiRoutes = () =>
  routes
    .filter((r) => r.url.startsWith('/api/') || r.url.startsWith('/sanctum/'))
    .flatMap((r) => [r.method].flat().map((method) => ({ method, url: r.url, route: r })))
    // Fastify adds a HEAD route for every GET, with the GET's schema.
    .filter((r) => r.method !== 'HEAD');

describe('the route table', () => {
  it('gives every JSON route a zod response schema for its success status', () => {
    const table = apiRoutes();
    // Not vacuous: the whole API is in the table.
    expect(table.length).toBeGreaterThanOrEqual(25);
    expect(table.map((r) => `${r.method} ${r.url}`)).toContain('GET /api/practices/:id');
    const missing = table
      .filter(({ method, url }) => !(`${method} ${url}` in withoutBody))
      .filter(({ route }) => {
        const response = (route.schema?.response ?? {}) as Record<string, unknown>;
        const success = Object.entries(response).filter(([status]) => /^2\d\d$/.test(status));
        return success.length === 0 || !success.every(([, schema]) => schema instanceof z.ZodType);
      })
      .map(({ method, url }) => `${method} ${url}`);
    expect(missing).toEqual([]);
  });

  it('lists only routes that exist and send no JSON', () => {
    const table = new Map(apiRoutes().map((r) => [`${r.method} ${r.url}`, r.route]));
    for (const name of Object.keys(withoutBody)) {
      expect(table.has(name), name).toBe(true);
      expect(table.get(name)!.schema?.response, name).toBeUndefined();
    }
  });
});

/** Answers `status`, and the body is exactly what the schema describes: nothing missing, nothing extra. */
async function expectContract(
  response: Awaited<ReturnType<Agent['get']>>,
  status: number,
  schema: z.ZodType,
) {
  expect(response.statusCode, response.body).toBe(status);
  const body: unknown = response.json();
  const parsed = schema.safeParse(body);
  expect(parsed.error).toBeUndefined();
  expect(parsed.data).toEqual(body);
  return body;
}

describe('what the server sends', () => {
  it('matches the shared schemas of the main reads', async () => {
    const reads: [string, z.ZodType][] = [
      ['/api/account', userResponse],
      [`/api/users/${id}`, userProfileResponse],
      ['/api/practices/1', practiceResponse],
      ['/api/practices/1/content', practiceContentResponse],
      ['/api/practices/1/context', practiceContextResponse],
      ['/api/practices/1/rating', practiceRatingResponse],
      ['/api/practices/1/actions', practiceActionsResponse],
      ['/api/practices/1/metrics', practiceMetricsResponse],
      ['/api/practices/1/compilations', compilationsResponse],
      ['/api/compilations', compilationsResponse],
      ['/api/compilations/1', compilationResponse],
      ['/api/keywords', keywordsResponse],
      ['/api/advices:random', adviceResponse],
      ['/api/categories', categoriesResponse],
      ['/api/changelog', changelogResponse],
      ['/api/roadmap', roadmapResponse],
      ['/sanctum/csrf-cookie', csrfTokenResponse],
    ];
    for (const [path, schema] of reads) await expectContract(await agent.get(path), 200, schema);
  });

  it('matches the shared schemas of a podcast’s methods, flags and estimations', async () => {
    const now = new Date().toISOString();
    const podcast = await t.db
      .insertInto('podcasts')
      .values({ title: 'Methodenprobe', created_at: now, updated_at: now })
      .returning('id')
      .executeTakeFirstOrThrow();
    await t.db
      .insertInto('memberships')
      .values({ podcast_id: podcast.id, user_id: id, role: 'owner', created_at: now })
      .execute();
    const base = `/api/podcasts/${podcast.id}`;
    await expectContract(await agent.post(`${base}/bookmarks`, { practice_id: 1 }), 201, bookmarkResponse);
    await expectContract(await agent.post(`${base}/rejections`, { practice_id: 2 }), 201, rejectionResponse);
    await expectContract(
      await agent.post(`${base}/applications`, { practice_id: 3 }),
      201,
      applicationResponse,
    );
    const reads: [string, z.ZodType][] = [
      [`${base}/practices`, podcastPracticesResponse],
      [`${base}/practices?records=1000&status=open`, podcastPracticesResponse],
      [`${base}/practices/1`, podcastPracticeResponse],
      [`/api/practices/1?context=${podcast.id}`, practiceResponse],
      [`/api/practices/1/similarities?context=${podcast.id}`, similaritiesResponse],
      ['/api/practices/1/similarities', similaritiesResponse],
      [`${base}/bookmarks`, bookmarksResponse],
      [`${base}/applications`, applicationsResponse],
      [`${base}/estimations`, estimationsResponse],
    ];
    for (const [path, schema] of reads) await expectContract(await agent.get(path), 200, schema);
    // The next test counts this user's podcasts.
    await t.db.deleteFrom('podcasts').where('id', '=', podcast.id).execute();
  });

  it('sends the podcast list as the client reads it: own_podcast, no name', async () => {
    const now = new Date().toISOString();
    const other = await register(t);
    const own = await t.db
      .insertInto('podcasts')
      .values({ title: 'Abendbrot', created_at: now, updated_at: now })
      .returning('id')
      .executeTakeFirstOrThrow();
    const theirs = await t.db
      .insertInto('podcasts')
      .values({ title: 'Zugabe', created_at: now, updated_at: now })
      .returning('id')
      .executeTakeFirstOrThrow();
    await t.db
      .insertInto('memberships')
      .values([
        { podcast_id: own.id, user_id: id, role: 'owner', created_at: now },
        { podcast_id: theirs.id, user_id: other.id, role: 'owner', created_at: now },
        { podcast_id: theirs.id, user_id: id, role: 'editor', created_at: now },
      ])
      .execute();
    const body = await expectContract(await agent.get('/api/account/podcasts'), 200, accountPodcastsResponse);
    expect(body).toEqual({
      data: [
        { id: own.id, title: 'Abendbrot', own_podcast: true },
        { id: theirs.id, title: 'Zugabe', own_podcast: false },
      ],
    });
  });

  it('matches the shared schemas of the account writes', async () => {
    const fresh = t.agent();
    await fresh.csrf();
    const email = `contract-${Date.now()}@example.org`;
    const registration = {
      email,
      password: PASSWORD,
      password_confirmation: PASSWORD,
      terms: true,
      privacy: true,
    };
    await expectContract(await fresh.post('/api/account', registration), 201, registrationResponse);
    const link = await t.mail.link(email, '/email');
    const p = link.searchParams;
    await expectContract(
      await fresh.get(
        `/api/email/verify/${p.get('id')}/${p.get('hash')}?expires=${p.get('expires')}&signature=${p.get('signature')}`,
      ),
      200,
      verificationResponse,
    );
    const profile = { username: 'Vertrag', language: 'de', position: 'owner' };
    await expectContract(await fresh.post('/api/account/profile', profile), 200, userResponse);
    await expectContract(await fresh.put('/api/account', { name: 'Vera', email }), 200, userResponse);
    await expectContract(await fresh.post('/api/account/email:resend'), 200, messageResponse);
    await expectContract(await fresh.post('/api/account/password:forgot', { email }), 202, messageResponse);
    await expectContract(
      await fresh.post('/api/account/session', { email, password: PASSWORD }),
      200,
      userResponse,
    );
  });
});

describe('the serializer', () => {
  const serialize = serializerCompiler({ schema: accountPodcastsResponse, method: 'GET', url: '/x' });

  it('writes only the keys the schema names', () => {
    const answer = { data: [{ id: 1, title: 'Abendbrot', own_podcast: true, owner_id: 7 }], debug: 1 };
    expect(JSON.parse(serialize(answer))).toEqual({
      data: [{ id: 1, title: 'Abendbrot', own_podcast: true }],
    });
  });

  it('refuses an answer that lacks a key of the contract', () => {
    expect(() => serialize({ data: [{ id: 1, title: 'Abendbrot', name: null }] })).toThrow(/own_podcast/);
  });
});
