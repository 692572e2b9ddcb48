// Journeys on a 390 px phone: the phone, a second person on a phone of
// their own, and an invitation to the podcast mailed, opened and accepted there.
import { expect, type Browser, type BrowserContextOptions, type Page } from '@playwright/test';
import { apiWrite, registerViaApi, uniqueEmail, verifyViaMail, xsrfHeaders } from './accounts.ts';
import { linkFromMail } from './mailbox.ts';

export const phone = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true };

const INVITATION_SUBJECT = /einladung|eingeladen/i;

/** A second person on their own phone (or, with `more`, e.g. the same person's storage state, another of theirs). */
export async function secondPhone(browser: Browser, more: BrowserContextOptions = {}) {
  const context = await browser.newContext({
    ...phone,
    baseURL: process.env.E2E_BASE_URL,
    locale: 'de-DE',
    timezoneId: 'Europe/Berlin',
    ...more,
  });
  return context.newPage();
}

/** Invites `email` as `type` to the page user's podcast; the token of the mailed link. */
export async function invite(
  page: Page,
  podcastId: number,
  email: string,
  type: 'manager' | 'editor' | 'observer',
) {
  const since = Date.now();
  await apiWrite(page, 'POST', `/api/podcasts/${podcastId}/invitations`, { email, type });
  return new URL(await linkFromMail(email, INVITATION_SUBJECT, '/invitation/', since));
}

/** A verified user on `other` who accepted an invitation to the podcast as `type`. */
export async function member(
  page: Page,
  other: Page,
  podcastId: number,
  type: 'manager' | 'editor' | 'observer',
) {
  const email = uniqueEmail(type);
  await registerViaApi(other, email);
  await verifyViaMail(other, email);
  await expect(other).toHaveURL(/\/app\//);
  const link = await invite(page, podcastId, email, type);
  const token = link.pathname.split('/').at(-1)!;
  const response = await other.request.post(`/api/invitations/${token}:accept`, {
    headers: await xsrfHeaders(other),
  });
  expect(response.status(), await response.text()).toBe(200);
  return email;
}
