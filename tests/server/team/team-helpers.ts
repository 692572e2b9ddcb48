// Shortcuts for the team suites: inviting through the API, the token from the mailed link, and
// registering through an invitation.
import { expect } from 'vitest';
import type { z } from 'zod';
import type { LightMyRequestResponse } from 'fastify';
import type { Invitation } from '../../../src/shared/team.ts';
import { PASSWORD } from '../helpers/accounts.ts';
import type { Agent } from '../helpers/agent.ts';
import type { TestApp } from '../helpers/test-app.ts';

let counter = 0;
/** A fresh address for one test. */
export const address = (name: string) => `${name}-${++counter}-${Date.now()}@example.org`;

/** The body parsed with the shared schema: the contract holds, nothing missing, nothing extra. */
export function contract<S extends z.ZodType>(response: LightMyRequestResponse, status: number, schema: S) {
  expect(response.statusCode, response.body).toBe(status);
  const body: unknown = response.json();
  const parsed = schema.parse(body);
  expect(parsed).toEqual(body);
  return parsed as z.infer<S>;
}

export async function invite(
  agent: Agent,
  podcastId: number,
  email: string,
  type = 'editor',
  notes?: string,
) {
  const response = await agent.post(`/api/podcasts/${podcastId}/invitations`, { email, type, notes });
  if (response.statusCode !== 201) throw new Error(`invitation failed: ${response.body}`);
  return (response.json() as { data: Invitation }).data;
}

/**
 * The token of the newest invitation link mailed to `email`. Looks at invitation mails only: a
 * confirmation mail to the same address may arrive after it (the queue sends in parallel).
 */
export async function mailedToken(t: TestApp, email: string) {
  const mails = (await t.mail.to(email)).filter((m) => m.text.includes('/invitation/'));
  const match = mails.at(-1)?.text.match(/(https?:\/\/[^\s/]+)\/invitation\/([A-Za-z0-9_-]+)/);
  if (!match) throw new Error(`no invitation mail to ${email}`);
  expect(match[1]).toBe('http://studio.test');
  return match[2]!;
}

export function registration(email: string, invitation?: string) {
  return {
    email,
    password: PASSWORD,
    password_confirmation: PASSWORD,
    terms: true,
    privacy: true,
    ...(invitation !== undefined && { invitation }),
  };
}

/** A new client that registers through the invitation `token`. */
export async function registerThrough(t: TestApp, email: string, token: string) {
  const agent = t.agent();
  await agent.csrf();
  const response = await agent.post('/api/account', registration(email, token));
  return { agent, response };
}
