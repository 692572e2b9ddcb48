// Deny by default: every /api/ route needs a verified session unless it opts out, and the routes
// that opt out are listed here, so adding one goes noticed. Every endpoint is then tried as a
// guest and as an unconfirmed user.
import { describe, expect, it } from 'vitest';
import { createTestApp } from '../helpers/test-app.ts';
import { json } from '../helpers/agent.ts';
import { register } from '../helpers/accounts.ts';

const t = await createTestApp({ seed: true });

const apiRoutes = () =>
  t.routes
    .filter((r) => r.url.startsWith('/api/'))
    .flatMap((r) =>
      [r.method]
        .flat()
        .filter((m) => m !== 'HEAD')
        .map((method) => ({ method, url: r.url, access: r.config?.access ?? 'verified' })),
    );

/** A concrete path for a route pattern: `:id` becomes 1, other params a plausible value. */
const pathOf = (url: string) =>
  url
    .replace(/\([^)]*\)/g, '') // a parameter's pattern, as in `:id(^[^:/]+)::complete`
    .replace(/::/g, ':')
    .replace(/\/:id\b/g, '/1')
    .replace(/\/:hash\b/g, `/${'a'.repeat(40)}`)
    .replace(/\/:[a-zA-Z]+/g, '/1');

describe('access to /api/', () => {
  it('opens only these routes to guests', () => {
    const open = apiRoutes()
      .filter((r) => r.access === 'public')
      .map((r) => `${r.method} ${r.url}`)
      .sort();
    expect(open).toEqual(
      [
        'DELETE /api/account/session',
        'GET /api/account/session',
        'GET /api/changelog',
        'GET /api/email/verify/:id/:hash',
        // The invitation link's preview: the invited person may have no account yet (throttled
        // per client; the 256-bit token is the key).
        'GET /api/invitations/:token',
        'GET /api/roadmap',
        // The price list, for the landing page's pricing too (no per-user data for guests).
        'GET /api/offerings',
        'GET /api/offerings::paid',
        // Feedback and the newsletter's double opt-in: guests too, throttled per client.
        'POST /api/feedback',
        'POST /api/newsletter',
        'POST /api/newsletter::confirm',
        'POST /api/account/password::check',
        'POST /api/account',
        'POST /api/account/password::forgot',
        'POST /api/account/password::reset',
        'POST /api/account/session',
      ].sort(),
    );
  });

  it('opens only these routes to users who have not confirmed their address', () => {
    const unconfirmed = apiRoutes()
      .filter((r) => r.access === 'user')
      .map((r) => `${r.method} ${r.url}`)
      .sort();
    expect(unconfirmed).toEqual(
      [
        'DELETE /api/account',
        'GET /api/account',
        'POST /api/account/email::resend',
        // Accepting an invitation: the link proves the invited address, so it may confirm it.
        'POST /api/invitations/:token(^[^:/]+)::accept',
        'PUT /api/account',
      ].sort(),
    );
  });

  it('answers 401 to a guest and 403 to an unconfirmed user on every other route', async () => {
    const guest = t.agent();
    await guest.csrf();
    const unconfirmed = (await register(t)).agent;
    const closed = apiRoutes().filter((r) => r.access !== 'public');
    expect(closed.length).toBeGreaterThan(15);
    for (const route of closed) {
      const path = pathOf(route.url);
      const asGuest = await guest.request(
        route.method as 'GET',
        path,
        route.method === 'GET' ? undefined : {},
      );
      expect(asGuest.statusCode, `${route.method} ${path} as guest`).toBe(401);
      expect(json(asGuest).message).toBe('Du bist nicht angemeldet.');
      if (route.access === 'user') continue;
      const asUnconfirmed = await unconfirmed.request(
        route.method as 'GET',
        path,
        route.method === 'GET' ? undefined : {},
      );
      expect(asUnconfirmed.statusCode, `${route.method} ${path} unconfirmed`).toBe(403);
      expect(json(asUnconfirmed).message).toBe('Bitte bestätige zuerst deine E-Mail-Adresse.');
    }
  });

  it('keeps API answers out of every cache unless a route opts in', async () => {
    const { agent } = await register(t);
    for (const path of ['/api/account', '/api/nicht-da', '/sanctum/csrf-cookie']) {
      expect((await agent.get(path)).headers['cache-control'], path).toBe('no-store');
    }
  });
});
