// The fake Steady's state (fake-steady.ts): the client it knows, its clock, its users with their
// subscriptions, the codes and tokens it issued, and the requests it saw.
import { randomBytes } from 'node:crypto';
import type { IncomingMessage } from 'node:http';

export const FAKE_STEADY_PASSWORD = 'steady-passwort';

export type FakeSubscriptionState = 'in_trial' | 'active' | 'not_renewing' | 'none';

export type Options = {
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

export const token = () => randomBytes(24).toString('hex');

export function steadyState(options: Options) {
  const s = {
    clientId: options.clientId ?? 'kompass-test-client',
    clientSecret: options.clientSecret ?? 'kompass-test-secret',
    redirectUri: options.redirectUri ?? '',
    tokenSeconds: options.tokenSeconds ?? 604800,
    codeSeconds: options.codeSeconds ?? 60,
    offset: 0,
    now: () => Date.now() + s.offset,
    codes: new Map<string, { email: string; redirectUri: string; expires: number }>(),
    refreshTokens: new Map<string, string>(),
    requests: [] as string[],
    user,
    setSubscription,
    issueTokens,
    bearer,
  };
  const users = new Map<string, SteadyUser>();
  const accessTokens = new Map<string, { email: string; expires: number }>();

  function user(email: string) {
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
  }

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
      cancelledAt: state === 'not_renewing' ? new Date(s.now()).toISOString() : null,
      expiresAt:
        state === 'not_renewing'
          ? (extra.expiresAt ?? new Date(s.now() + 30 * 86_400_000).toISOString())
          : (extra.expiresAt ?? null),
    };
  }

  function issueTokens(email: string, withRefresh: boolean) {
    const access = token();
    accessTokens.set(access, { email, expires: s.now() + s.tokenSeconds * 1000 });
    const refresh = withRefresh ? token() : null;
    if (refresh) s.refreshTokens.set(refresh, email);
    const u = user(email);
    return {
      access_token: access,
      ...(refresh && { refresh_token: refresh }),
      token_type: 'bearer',
      expires_in: s.tokenSeconds,
      scope: 'read',
      info: { 'first-name': 'Erika', 'last-name': 'Beispiel', email: u.email },
    };
  }

  function bearer(req: IncomingMessage) {
    const match = /^Bearer (\S+)$/.exec(req.headers.authorization ?? '');
    const found = match && accessTokens.get(match[1]!);
    if (!found || found.expires <= s.now()) return null;
    return user(found.email);
  }

  return s;
}

export type SteadyState = ReturnType<typeof steadyState>;
