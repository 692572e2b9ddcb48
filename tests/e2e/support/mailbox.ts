// Reads the mails the E2E SMTP server stored (see global-setup.ts).
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect } from '@playwright/test';
import { findLink } from './mime.ts';
import type { StoredMail } from './smtp.ts';

function mailDir(): string {
  const dir = process.env.E2E_MAIL_DIR;
  if (!dir) throw new Error('E2E_MAIL_DIR is not set; run through tests/e2e/playwright.config.ts');
  return dir;
}

/** The stored mails to `address`, oldest first. */
export function mailsTo(address: string, dir = mailDir()): StoredMail[] {
  return readdirSync(dir)
    .filter((f) => f.endsWith('.json'))
    .sort()
    .map((f) => JSON.parse(readFileSync(join(dir, f), 'utf8')) as StoredMail)
    .filter((m) => m.to.includes(address.toLowerCase()));
}

/** Waits for the newest mail to `address` whose subject matches, received after `since`. */
export async function waitForMail(address: string, subject: RegExp, since = 0): Promise<StoredMail> {
  let found: StoredMail | undefined;
  await expect
    .poll(
      () => {
        found = mailsTo(address)
          .filter((m) => subject.test(m.subject) && m.receivedAt >= since)
          .at(-1);
        return Boolean(found);
      },
      { message: `mail to ${address} matching ${subject}`, timeout: 15_000 },
    )
    .toBe(true);
  return found!;
}

/** The link in the newest matching mail whose path starts with `path`. */
export async function linkFromMail(
  address: string,
  subject: RegExp,
  path: string,
  since = 0,
): Promise<string> {
  const mail = await waitForMail(address, subject, since);
  const link = findLink(mail, path);
  if (!link) throw new Error(`no ${path} link in mail "${mail.subject}":\n${mail.text}`);
  return link;
}
