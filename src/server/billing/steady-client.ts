// The membership provider (Steady) over HTTP, as its public API documents it (../shared/STEADY.md):
// the OAuth authorization code grant (authorize URL, token, refresh) and the two reads with the
// user's token (users/me, subscriptions/me). Base URLs, client id and secret come from the
// environment (config.ts); the tests point them at a local fake (tests/support/fake-steady.ts).
import { z } from 'zod';
import type { SteadyConfig } from '../config.ts';
import { refuseInTransaction } from '../db/transaction-scope.ts';

/** The provider answered with an error status (`status`) or not at all (`status` 0). */
export class SteadyError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

const tokenAnswer = z.object({
  access_token: z.string().min(1),
  refresh_token: z.string().min(1).nullish(),
  token_type: z.string(),
  expires_in: z.number().positive(),
  scope: z.string().optional(),
  info: z.object({ email: z.string().nullish() }).partial().nullish(),
});
export type Tokens = z.infer<typeof tokenAnswer>;

const userAnswer = z.object({
  data: z.object({
    type: z.literal('user'),
    id: z.union([z.string(), z.number()]).transform(String),
    attributes: z.object({ email: z.string().nullish() }).loose(),
  }),
});

const subscriptionAnswer = z.object({
  data: z
    .object({
      type: z.literal('subscription'),
      id: z.union([z.string(), z.number()]).transform(String),
      attributes: z.object({
        state: z.enum(['in_trial', 'active', 'not_renewing']),
        'cancelled-at': z.string().nullish(),
        'expires-at': z.string().nullish(),
        period: z.string().nullish(),
      }),
    })
    .nullable(),
  included: z
    .array(z.object({ type: z.string(), attributes: z.object({ name: z.string().nullish() }).loose() }))
    .optional(),
});

/** The user's current subscription; null when there is none or it expired. */
export type SteadySubscription = {
  id: string;
  state: 'in_trial' | 'active' | 'not_renewing';
  cancelledAt: string | null;
  expiresAt: string | null;
  period: string | null;
  planName: string | null;
} | null;

const TIMEOUT_MS = 10_000;

export function steadyClient(config: SteadyConfig) {
  async function call(path: string, init: RequestInit): Promise<unknown> {
    refuseInTransaction('A call to Steady');
    let response: Response;
    try {
      response = await fetch(`${config.apiUrl}${path}`, {
        ...init,
        redirect: 'error',
        signal: AbortSignal.timeout(TIMEOUT_MS),
      });
    } catch {
      throw new SteadyError(0, 'Steady ist gerade nicht erreichbar.');
    }
    const body: unknown = await response.json().catch(() => null);
    if (!response.ok) throw new SteadyError(response.status, `Steady antwortete mit ${response.status}.`);
    return body;
  }

  function parsed<S extends z.ZodType>(schema: S, body: unknown): z.output<S> {
    const result = schema.safeParse(body);
    if (!result.success) throw new SteadyError(502, 'Steady antwortete in einem unerwarteten Format.');
    return result.data;
  }

  const token = async (body: Record<string, string>) =>
    parsed(
      tokenAnswer,
      await call('/api/v1/oauth/token', {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'application/json' },
        body: JSON.stringify({ client_id: config.clientId, client_secret: config.clientSecret, ...body }),
      }),
    );

  const read = (path: string, accessToken: string) =>
    call(path, {
      headers: { authorization: `Bearer ${accessToken}`, accept: 'application/vnd.api+json' },
    });

  return {
    /** Where the browser goes to log in at the provider and consent. */
    authorizeUrl(state: string, redirectUri: string) {
      const url = new URL(`${config.url}/oauth/authorize`);
      url.search = new URLSearchParams({
        response_type: 'code',
        client_id: config.clientId,
        redirect_uri: redirectUri,
        scope: 'read',
        state,
      }).toString();
      return url.toString();
    },
    exchangeCode: (code: string, redirectUri: string) =>
      token({ grant_type: 'authorization_code', code, redirect_uri: redirectUri }),
    refresh: (refreshToken: string, redirectUri: string) =>
      token({ grant_type: 'refresh_token', refresh_token: refreshToken, redirect_uri: redirectUri }),
    async usersMe(accessToken: string) {
      const { data } = parsed(userAnswer, await read('/api/v1/users/me', accessToken));
      return { id: data.id, email: data.attributes.email ?? null };
    },
    async subscriptionsMe(accessToken: string): Promise<SteadySubscription> {
      const body = parsed(subscriptionAnswer, await read('/api/v1/subscriptions/me', accessToken));
      if (!body.data) return null;
      const a = body.data.attributes;
      const plan = body.included?.find((item) => item.type === 'plan');
      return {
        id: body.data.id,
        state: a.state,
        cancelledAt: a['cancelled-at'] ?? null,
        expiresAt: a['expires-at'] ?? null,
        period: a.period ?? null,
        planName: plan?.attributes.name ?? null,
      };
    },
  };
}
export type SteadyClient = ReturnType<typeof steadyClient>;
