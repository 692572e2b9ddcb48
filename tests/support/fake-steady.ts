// A local fake of the membership provider (Steady), speaking the protocol of ../shared/STEADY.md
// over real HTTP on loopback (random port): the authorize page (login and consent form), the
// token endpoint (authorization code and refresh token grants), users/me and subscriptions/me.
// Codes work once and expire; a wrong client id, secret or redirect URI is refused; tokens expire.
// Tests switch a user's subscription (in_trial, active, not_renewing, none) through `control`
// in-process or through `POST /__control/subscription` (the browser journeys' workers).
import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export const FAKE_STEADY_PASSWORD = 'steady-passwort';

export type FakeSubscriptionState = 'in_trial' | 'active' | 'not_renewing' | 'none';

type Options = {
  clientId?: string;
  clientSecret?: string;
  /** The one redirect URI registered for the client (none: set later with setRedirectUri). */
  redirectUri?: string;
  /** Lifetime of an access token in seconds (Steady: 604800). */
  tokenSeconds?: number;
  /** Lifetime of an authorization code in seconds. */
  codeSeconds?: number;
};

type SteadyUser = {
  id: string;
  email: string;
  subscription: {
    state: FakeSubscriptionState;
    expiresAt: string | null;
    cancelledAt: string | null;
    period: string;
    planName: string;
  };
};

const token = () => randomBytes(24).toString('hex');

const escape = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

async function body(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

function json(res: ServerResponse, status: number, value: unknown, type = 'application/json') {
  res.writeHead(status, { 'content-type': type }).end(JSON.stringify(value));
}

function page(res: ServerResponse, status: number, title: string, content: string) {
  res.writeHead(status, { 'content-type': 'text/html; charset=utf-8' }).end(`<!doctype html>
<html lang="de"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escape(title)}</title></head><body><main><h1>${escape(title)}</h1>${content}</main></body></html>`);
}

export async function startFakeSteady(options: Options = {}) {
  const clientId = options.clientId ?? 'kompass-test-client';
  const clientSecret = options.clientSecret ?? 'kompass-test-secret';
  let redirectUri = options.redirectUri ?? '';
  const tokenSeconds = options.tokenSeconds ?? 604800;
  const codeSeconds = options.codeSeconds ?? 60;
  let offset = 0;
  const now = () => Date.now() + offset;

  const users = new Map<string, SteadyUser>();
  const codes = new Map<string, { email: string; redirectUri: string; expires: number }>();
  const accessTokens = new Map<string, { email: string; expires: number }>();
  const refreshTokens = new Map<string, string>();
  const requests: string[] = [];

  const user = (email: string) => {
    const key = email.toLowerCase();
    let found = users.get(key);
    if (!found) {
      found = {
        id: String(users.size + 1001),
        email: key,
        subscription: {
          state: 'none',
          expiresAt: null,
          cancelledAt: null,
          period: 'monthly',
          planName: 'Studio Pro',
        },
      };
      users.set(key, found);
    }
    return found;
  };

  function setSubscription(
    email: string,
    state: FakeSubscriptionState,
    extra: { expiresAt?: string | null; period?: string; planName?: string } = {},
  ) {
    const u = user(email);
    u.subscription = {
      state,
      period: extra.period ?? u.subscription.period,
      planName: extra.planName ?? u.subscription.planName,
      cancelledAt: state === 'not_renewing' ? new Date(now()).toISOString() : null,
      expiresAt:
        state === 'not_renewing'
          ? (extra.expiresAt ?? new Date(now() + 30 * 86_400_000).toISOString())
          : (extra.expiresAt ?? null),
    };
  }

  function issueTokens(email: string, withRefresh: boolean) {
    const access = token();
    accessTokens.set(access, { email, expires: now() + tokenSeconds * 1000 });
    const refresh = withRefresh ? token() : null;
    if (refresh) refreshTokens.set(refresh, email);
    const u = user(email);
    return {
      access_token: access,
      ...(refresh && { refresh_token: refresh }),
      token_type: 'bearer',
      expires_in: tokenSeconds,
      scope: 'read',
      info: { 'first-name': 'Erika', 'last-name': 'Beispiel', email: u.email },
    };
  }

  function bearer(req: IncomingMessage) {
    const match = /^Bearer (\S+)$/.exec(req.headers.authorization ?? '');
    const found = match && accessTokens.get(match[1]!);
    if (!found || found.expires <= now()) return null;
    return user(found.email);
  }

  const authorizeForm = (params: URLSearchParams, error = '') =>
    `${error && `<p role="alert">${escape(error)}</p>`}
<p>Kompass Studio möchte lesen, wer du bist und welches Abo du hast.</p>
<form method="post" action="/oauth/authorize">
${['client_id', 'redirect_uri', 'state', 'scope', 'response_type']
  .map((k) => `<input type="hidden" name="${k}" value="${escape(params.get(k) ?? '')}">`)
  .join('\n')}
<p><label for="email">E-Mail</label> <input id="email" name="email" type="email" autocomplete="username" required></p>
<p><label for="password">Passwort</label> <input id="password" name="password" type="password" autocomplete="current-password" required></p>
<p><button type="submit">Zugriff erlauben</button></p>
</form>`;

  const checkClient = (params: URLSearchParams) =>
    params.get('client_id') === clientId &&
    params.get('redirect_uri') === redirectUri &&
    params.get('response_type') === 'code';

  async function handle(req: IncomingMessage, res: ServerResponse) {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    requests.push(`${req.method} ${url.pathname}`);

    if (url.pathname === '/oauth/authorize' && req.method === 'GET') {
      if (!checkClient(url.searchParams))
        return page(res, 400, 'Ungültige Anfrage', '<p>Client oder Redirect-URI unbekannt.</p>');
      return page(res, 200, 'Bei Steady anmelden', authorizeForm(url.searchParams));
    }
    if (url.pathname === '/oauth/authorize' && req.method === 'POST') {
      const form = new URLSearchParams(await body(req));
      if (!checkClient(form))
        return page(res, 400, 'Ungültige Anfrage', '<p>Client oder Redirect-URI unbekannt.</p>');
      if (form.get('password') !== FAKE_STEADY_PASSWORD || !form.get('email')) {
        return page(
          res,
          401,
          'Bei Steady anmelden',
          authorizeForm(form, 'E-Mail oder Passwort stimmt nicht.'),
        );
      }
      const code = token();
      codes.set(code, {
        email: user(form.get('email')!).email,
        redirectUri: form.get('redirect_uri')!,
        expires: now() + codeSeconds * 1000,
      });
      const target = new URL(form.get('redirect_uri')!);
      target.searchParams.set('code', code);
      target.searchParams.set('state', form.get('state') ?? '');
      res.writeHead(302, { location: target.toString() }).end();
      return;
    }
    if (url.pathname === '/api/v1/oauth/token' && req.method === 'POST') {
      let input: Record<string, string>;
      try {
        input = JSON.parse(await body(req)) as Record<string, string>;
      } catch {
        return json(res, 400, { error: 'invalid_request' });
      }
      if (input.client_id !== clientId) return json(res, 401, { error: 'invalid_client' });
      const secretOk = input.client_secret === clientSecret;
      if (input.client_secret !== undefined && !secretOk) return json(res, 401, { error: 'invalid_client' });
      if (input.redirect_uri !== redirectUri)
        return json(res, 400, { error: 'invalid_grant', error_description: 'redirect_uri' });
      if (input.grant_type === 'authorization_code') {
        const found = codes.get(input.code ?? '');
        codes.delete(input.code ?? ''); // once, whatever happens
        if (!found || found.expires <= now() || found.redirectUri !== input.redirect_uri) {
          return json(res, 400, { error: 'invalid_grant' });
        }
        return json(res, 201, issueTokens(found.email, secretOk));
      }
      if (input.grant_type === 'refresh_token') {
        const email = refreshTokens.get(input.refresh_token ?? '');
        if (!email || !secretOk) return json(res, 400, { error: 'invalid_grant' });
        refreshTokens.delete(input.refresh_token!);
        return json(res, 201, issueTokens(email, true));
      }
      return json(res, 400, { error: 'unsupported_grant_type' });
    }
    if (url.pathname === '/api/v1/users/me' && req.method === 'GET') {
      const u = bearer(req);
      if (!u) return json(res, 401, { errors: [{ status: '401', title: 'Unauthorized' }] });
      return json(
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
    }
    if (url.pathname === '/api/v1/subscriptions/me' && req.method === 'GET') {
      const u = bearer(req);
      if (!u) return json(res, 401, { errors: [{ status: '401', title: 'Unauthorized' }] });
      const s = u.subscription;
      const expired =
        s.state === 'not_renewing' && s.expiresAt !== null && s.expiresAt <= new Date(now()).toISOString();
      if (s.state === 'none' || expired) return json(res, 200, { data: null }, 'application/vnd.api+json');
      return json(
        res,
        200,
        {
          data: {
            type: 'subscription',
            id: `sub-${u.id}`,
            attributes: {
              state: s.state,
              'cancelled-at': s.cancelledAt,
              'expires-at': s.expiresAt,
              'monthly-amount-in-cents': 1200,
              period: s.period,
            },
            relationships: { plan: { data: { type: 'plan', id: 'plan-1' } } },
          },
          included: [{ type: 'plan', id: 'plan-1', attributes: { name: s.planName, 'image-url': null } }],
        },
        'application/vnd.api+json',
      );
    }
    // The publication's plans page the subscribe buttons link to (a page to land on, no checkout).
    if (url.pathname === '/plans' && req.method === 'GET') {
      return page(
        res,
        200,
        'Steady: Abo abschließen',
        `<p>Plan ${escape(url.searchParams.get('plan') ?? '')}, ${escape(url.searchParams.get('period') ?? '')}</p>`,
      );
    }
    // Test-only control: switch a user's subscription.
    if (url.pathname === '/__control/subscription' && req.method === 'POST') {
      const input = JSON.parse(await body(req)) as {
        email: string;
        state: FakeSubscriptionState;
        expires_at?: string | null;
        plan_name?: string;
      };
      setSubscription(input.email, input.state, {
        expiresAt: input.expires_at ?? null,
        planName: input.plan_name,
      });
      return json(res, 200, { ok: true });
    }
    res.writeHead(404, { 'content-type': 'text/plain' }).end('not found');
  }

  const server = createServer((req, res) => {
    handle(req, res).catch(() => {
      if (!res.headersSent) res.writeHead(500).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    url,
    clientId,
    clientSecret,
    requests,
    /** The environment that points our server at this fake. */
    env: (secret = clientSecret) => ({
      STEADY_URL: url,
      STEADY_API_URL: url,
      STEADY_CLIENT_ID: clientId,
      STEADY_CLIENT_SECRET: secret,
      STEADY_SUBSCRIBE_URL: `${url}/plans`,
    }),
    setRedirectUri: (uri: string) => void (redirectUri = uri),
    setSubscription,
    /** Moves the fake's clock (codes and tokens expire by it). */
    advance: (ms: number) => void (offset += ms),
    /**
     * Plays the browser at the authorize page: opens it, logs in with `email`, consents, and
     * returns the redirect target with code and state.
     */
    async consent(authorizeUrl: string, email: string) {
      const opened = await fetch(authorizeUrl);
      if (opened.status !== 200) throw new Error(`authorize page answered ${opened.status}`);
      const params = new URL(authorizeUrl).searchParams;
      const form = new URLSearchParams({
        client_id: params.get('client_id') ?? '',
        redirect_uri: params.get('redirect_uri') ?? '',
        state: params.get('state') ?? '',
        scope: params.get('scope') ?? '',
        response_type: params.get('response_type') ?? '',
        email,
        password: FAKE_STEADY_PASSWORD,
      });
      const answer = await fetch(`${url}/oauth/authorize`, {
        method: 'POST',
        body: form,
        redirect: 'manual',
      });
      if (answer.status !== 302) throw new Error(`consent answered ${answer.status}`);
      return new URL(answer.headers.get('location')!);
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
export type FakeSteady = Awaited<ReturnType<typeof startFakeSteady>>;
