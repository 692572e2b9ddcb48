// A local fake of the membership provider (Steady), speaking the protocol of ../shared/STEADY.md
// over real HTTP on loopback (random port): the authorize page (login and consent form), the
// token endpoint (authorization code and refresh token grants), users/me and subscriptions/me.
// Codes work once and expire; a wrong client id, secret or redirect URI is refused; tokens expire.
// Tests switch a user's subscription (in_trial, active, not_renewing, none) through `control`
// in-process or through `POST /__control/subscription` (the browser journeys' workers).
// Its parts: the state (fake-steady-state.ts), the OAuth side (fake-steady-oauth.ts), the API
// side (fake-steady-api.ts).
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { handleApi } from './fake-steady-api.ts';
import { handleOAuth } from './fake-steady-oauth.ts';
import { FAKE_STEADY_PASSWORD, steadyState, type Options } from './fake-steady-state.ts';

export { FAKE_STEADY_PASSWORD, type FakeSubscriptionState } from './fake-steady-state.ts';

export async function startFakeSteady(options: Options = {}) {
  const s = steadyState(options);
  const { clientId, clientSecret, requests } = s;

  async function handle(req: IncomingMessage, res: ServerResponse) {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    requests.push(`${req.method} ${url.pathname}`);
    if (await handleOAuth(s, req, res, url)) return;
    if (await handleApi(s, req, res, url)) return;
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
    setRedirectUri: (uri: string) => void (s.redirectUri = uri),
    setSubscription: s.setSubscription,
    /** Moves the fake's clock (codes and tokens expire by it). */
    advance: (ms: number) => void (s.offset += ms),
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
