// The fake Steady's OAuth side (fake-steady.ts): the authorize page with its login and consent
// form, and the token endpoint (authorization code and refresh token grants). Codes work once and
// expire; a wrong client id, secret or redirect URI is refused.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { body, escape, json, page } from './fake-steady-http.ts';
import { FAKE_STEADY_PASSWORD, token, type SteadyState } from './fake-steady-state.ts';

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

const checkClient = (s: SteadyState, params: URLSearchParams) =>
  params.get('client_id') === s.clientId &&
  params.get('redirect_uri') === s.redirectUri &&
  params.get('response_type') === 'code';

/** Answers the OAuth routes; false for any other request. */
export async function handleOAuth(s: SteadyState, req: IncomingMessage, res: ServerResponse, url: URL) {
  if (url.pathname === '/oauth/authorize' && req.method === 'GET') {
    if (!checkClient(s, url.searchParams))
      page(res, 400, 'Ungültige Anfrage', '<p>Client oder Redirect-URI unbekannt.</p>');
    else page(res, 200, 'Bei Steady anmelden', authorizeForm(url.searchParams));
    return true;
  }
  if (url.pathname === '/oauth/authorize' && req.method === 'POST') {
    await authorize(s, res, new URLSearchParams(await body(req)));
    return true;
  }
  if (url.pathname === '/api/v1/oauth/token' && req.method === 'POST') {
    await tokenGrant(s, req, res);
    return true;
  }
  return false;
}

async function authorize(s: SteadyState, res: ServerResponse, form: URLSearchParams) {
  if (!checkClient(s, form))
    return page(res, 400, 'Ungültige Anfrage', '<p>Client oder Redirect-URI unbekannt.</p>');
  if (form.get('password') !== FAKE_STEADY_PASSWORD || !form.get('email')) {
    return page(res, 401, 'Bei Steady anmelden', authorizeForm(form, 'E-Mail oder Passwort stimmt nicht.'));
  }
  const code = token();
  s.codes.set(code, {
    email: s.user(form.get('email')!).email,
    redirectUri: form.get('redirect_uri')!,
    expires: s.now() + s.codeSeconds * 1000,
  });
  const target = new URL(form.get('redirect_uri')!);
  target.searchParams.set('code', code);
  target.searchParams.set('state', form.get('state') ?? '');
  res.writeHead(302, { location: target.toString() }).end();
}

async function tokenGrant(s: SteadyState, req: IncomingMessage, res: ServerResponse) {
  let input: Record<string, string>;
  try {
    input = JSON.parse(await body(req)) as Record<string, string>;
  } catch {
    return json(res, 400, { error: 'invalid_request' });
  }
  if (input.client_id !== s.clientId) return json(res, 401, { error: 'invalid_client' });
  const secretOk = input.client_secret === s.clientSecret;
  if (input.client_secret !== undefined && !secretOk) return json(res, 401, { error: 'invalid_client' });
  if (input.redirect_uri !== s.redirectUri)
    return json(res, 400, { error: 'invalid_grant', error_description: 'redirect_uri' });
  if (input.grant_type === 'authorization_code') {
    const found = s.codes.get(input.code ?? '');
    s.codes.delete(input.code ?? ''); // once, whatever happens
    if (!found || found.expires <= s.now() || found.redirectUri !== input.redirect_uri) {
      return json(res, 400, { error: 'invalid_grant' });
    }
    return json(res, 201, s.issueTokens(found.email, secretOk));
  }
  if (input.grant_type === 'refresh_token') {
    const email = s.refreshTokens.get(input.refresh_token ?? '');
    if (!email || !secretOk) return json(res, 400, { error: 'invalid_grant' });
    s.refreshTokens.delete(input.refresh_token!);
    return json(res, 201, s.issueTokens(email, true));
  }
  return json(res, 400, { error: 'unsupported_grant_type' });
}
