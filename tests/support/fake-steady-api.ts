// The fake Steady's API side (fake-steady.ts): users/me and subscriptions/me with a bearer token,
// the plans page the subscribe buttons link to, and the tests' control of a user's subscription.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { body, escape, json, page } from './fake-steady-http.ts';
import type { FakeSubscriptionState, SteadyState } from './fake-steady-state.ts';

/** Answers the API routes; false for any other request. */
export async function handleApi(s: SteadyState, req: IncomingMessage, res: ServerResponse, url: URL) {
  if (url.pathname === '/api/v1/users/me' && req.method === 'GET') {
    const u = s.bearer(req);
    if (!u) json(res, 401, { errors: [{ status: '401', title: 'Unauthorized' }] });
    else
      json(
        res,
        200,
        {
          data: {
            type: 'user',
            id: u.id,
            attributes: { 'first-name': 'Erika', 'last-name': 'Beispiel', email: u.email },
          },
        },
        'application/vnd.api+json',
      );
    return true;
  }
  if (url.pathname === '/api/v1/subscriptions/me' && req.method === 'GET') {
    subscription(s, req, res);
    return true;
  }
  // The publication's plans page the subscribe buttons link to (a page to land on, no checkout).
  if (url.pathname === '/plans' && req.method === 'GET') {
    page(
      res,
      200,
      'Steady: Abo abschließen',
      `<p>Plan ${escape(url.searchParams.get('plan') ?? '')}, ${escape(url.searchParams.get('period') ?? '')}</p>`,
    );
    return true;
  }
  // Test-only control: switch a user's subscription.
  if (url.pathname === '/__control/subscription' && req.method === 'POST') {
    const input = JSON.parse(await body(req)) as {
      email: string;
      state: FakeSubscriptionState;
      expires_at?: string | null;
      plan_name?: string;
    };
    s.setSubscription(input.email, input.state, {
      expiresAt: input.expires_at ?? null,
      planName: input.plan_name,
    });
    json(res, 200, { ok: true });
    return true;
  }
  return false;
}

function subscription(s: SteadyState, req: IncomingMessage, res: ServerResponse) {
  const u = s.bearer(req);
  if (!u) return json(res, 401, { errors: [{ status: '401', title: 'Unauthorized' }] });
  const sub = u.subscription;
  const expired =
    sub.state === 'not_renewing' &&
    sub.expiresAt !== null &&
    sub.expiresAt <= new Date(s.now()).toISOString();
  if (sub.state === 'none' || expired) return json(res, 200, { data: null }, 'application/vnd.api+json');
  json(
    res,
    200,
    {
      data: {
        type: 'subscription',
        id: `sub-${u.id}`,
        attributes: {
          state: sub.state,
          'cancelled-at': sub.cancelledAt,
          'expires-at': sub.expiresAt,
          'monthly-amount-in-cents': 1200,
          period: sub.period,
        },
        relationships: { plan: { data: { type: 'plan', id: 'plan-1' } } },
      },
      included: [{ type: 'plan', id: 'plan-1', attributes: { name: sub.planName, 'image-url': null } }],
    },
    'application/vnd.api+json',
  );
}
