// The account's mails: address confirmation, password reset, and the note to the old address
// when it is changed (the mail worker renders them, src/server/mail/mail-jobs.ts).
import type { MailContext } from '../context.ts';
import type { MailRenderers } from '../mail/mail-jobs.ts';
import { emailChangedMail, passwordResetMail, verificationMail } from '../mail/templates.ts';
import { createResetToken } from './password-reset-tokens.ts';
import { verificationLink } from './verification-links.ts';

declare module '../mail/mail-jobs.ts' {
  interface MailJobs {
    /** Confirms the user's pending address, or the unconfirmed current one. */
    verification: { userId: number };
    'password-reset': { email: string };
    /** Tells the old address that a change to `newEmail` was asked for. */
    'email-changed': { to: string; newEmail: string };
  }
}

export const accountMails: MailRenderers<MailContext, 'verification' | 'password-reset' | 'email-changed'> = {
  async verification(ctx, job) {
    const user = await ctx.db
      .selectFrom('users')
      .select(['id', 'email', 'pending_email', 'email_verified_at'])
      .where('id', '=', job.userId)
      .executeTakeFirst();
    const address = user?.pending_email ?? (user?.email_verified_at ? null : user?.email);
    return user && address ? verificationMail(address, verificationLink(ctx, user.id, address)) : null;
  },
  async 'password-reset'(ctx, job) {
    const user = await ctx.db
      .selectFrom('users')
      .select('id')
      .where('email', '=', job.email)
      .executeTakeFirst();
    if (!user) return null;
    const token = await createResetToken(ctx, ctx.db, user.id);
    const link = `${ctx.config.appUrl}/password/reset?${new URLSearchParams({ token, email: job.email })}`;
    return passwordResetMail(job.email, link);
  },
  async 'email-changed'(_ctx, job) {
    return emailChangedMail(job.to, job.newEmail);
  },
};
