// The newsletter's double opt-in mail: the link's token is made when the worker renders it, and
// only its SHA-256 is stored, so the newest mail's link is the one that works
// (src/server/mail/mail-jobs.ts).
import type { MailContext } from '../context.ts';
import type { MailRenderers } from '../mail/mail-jobs.ts';
import { newsletterConfirmMail } from '../mail/templates.ts';
import { randomToken, sha256 } from '../auth/tokens.ts';

declare module '../mail/mail-jobs.ts' {
  interface MailJobs {
    'newsletter-confirm': { signupId: number };
  }
}

/** Null once the address is confirmed. */
async function issueNewsletterToken({ db }: MailContext, signupId: number) {
  const row = await db
    .selectFrom('newsletter_signups')
    .select(['email', 'confirmed_at'])
    .where('id', '=', signupId)
    .executeTakeFirst();
  if (!row || row.confirmed_at) return null;
  const token = randomToken();
  await db
    .updateTable('newsletter_signups')
    .set({ token_hash: sha256(token) })
    .where('id', '=', signupId)
    .execute();
  return { email: row.email, token };
}

export const newsletterMails: MailRenderers<MailContext, 'newsletter-confirm'> = {
  async 'newsletter-confirm'(ctx, job) {
    const signup = await issueNewsletterToken(ctx, job.signupId);
    if (!signup) return null;
    return newsletterConfirmMail(
      signup.email,
      `${ctx.config.appUrl}/newsletter/confirm?${new URLSearchParams({ token: signup.token })}`,
    );
  },
};
