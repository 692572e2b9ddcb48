// The invitation mail: its token is made when the worker renders it, so only the newest mail's
// link works (src/server/mail/mail-jobs.ts).
import type { MailContext } from '../context.ts';
import type { MailRenderers } from '../mail/mail-jobs.ts';
import { invitationMail } from '../mail/templates.ts';
import { issueInvitationToken, roleLabel } from './invitations.ts';

declare module '../mail/mail-jobs.ts' {
  interface MailJobs {
    /** The link to accept an invitation. */
    invitation: { invitationId: number };
  }
}

export const invitationMails: MailRenderers<MailContext, 'invitation'> = {
  async invitation(ctx, job) {
    const invitation = await issueInvitationToken(ctx, ctx.db, job.invitationId);
    if (!invitation) return null;
    return invitationMail({
      email: invitation.email,
      title: invitation.title,
      inviterName: invitation.inviter_name,
      role: roleLabel(invitation.role).trans,
      expiresOn: invitation.expires_on,
      link: `${ctx.config.appUrl}/invitation/${invitation.token}`,
    });
  },
};
