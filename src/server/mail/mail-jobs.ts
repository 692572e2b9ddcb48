// What a queued mail job becomes when the worker sends it. Rendering late keeps the request
// short and identical for every caller: password-forgot queues the same job whether or not the
// address has an account, and only the worker finds out (and then sends nothing).
import type { AppContext } from '../context.ts';
import { createResetToken } from '../account/password-reset-tokens.ts';
import { verificationLink } from '../account/verification-links.ts';
import { issueInvitationToken, roleLabel } from '../team/invitations.ts';
import { issueNewsletterToken } from '../newsletter/newsletter-routes.ts';
import type { Mail } from './mailer.ts';
import {
  emailChangedMail,
  invitationMail,
  newsletterConfirmMail,
  passwordResetMail,
  verificationMail,
} from './templates.ts';

export type MailJob =
  /** Confirms the user's pending address, or the unconfirmed current one. */
  | { template: 'verification'; userId: number }
  | { template: 'password-reset'; email: string }
  /** Tells the old address that a change to `newEmail` was asked for. */
  | { template: 'email-changed'; to: string; newEmail: string }
  /** The link to accept an invitation; its token is made when the mail is rendered. */
  | { template: 'invitation'; invitationId: number }
  /** The double opt-in link of a newsletter sign-up; its token is made when the mail is rendered. */
  | { template: 'newsletter-confirm'; signupId: number };

export async function renderMail(ctx: Omit<AppContext, 'mail'>, job: MailJob): Promise<Mail | null> {
  const { db } = ctx;
  switch (job.template) {
    case 'verification': {
      const user = await db
        .selectFrom('users')
        .select(['id', 'email', 'pending_email', 'email_verified_at'])
        .where('id', '=', job.userId)
        .executeTakeFirst();
      const address = user?.pending_email ?? (user?.email_verified_at ? null : user?.email);
      return user && address ? verificationMail(address, verificationLink(ctx, user.id, address)) : null;
    }
    case 'password-reset': {
      const user = await db
        .selectFrom('users')
        .select('id')
        .where('email', '=', job.email)
        .executeTakeFirst();
      if (!user) return null;
      const token = await createResetToken(ctx, db, user.id);
      const link = `${ctx.config.appUrl}/password/reset?${new URLSearchParams({ token, email: job.email })}`;
      return passwordResetMail(job.email, link);
    }
    case 'email-changed':
      return emailChangedMail(job.to, job.newEmail);
    case 'invitation': {
      const invitation = await issueInvitationToken(ctx, db, job.invitationId);
      if (!invitation) return null;
      return invitationMail({
        email: invitation.email,
        title: invitation.title,
        inviterName: invitation.inviter_name,
        role: roleLabel(invitation.role).trans,
        expiresOn: invitation.expires_on,
        link: `${ctx.config.appUrl}/invitation/${invitation.token}`,
      });
    }
    case 'newsletter-confirm': {
      const signup = await issueNewsletterToken(db, job.signupId);
      if (!signup) return null;
      return newsletterConfirmMail(
        signup.email,
        `${ctx.config.appUrl}/newsletter/confirm?${new URLSearchParams({ token: signup.token })}`,
      );
    }
  }
}
