// The mail that an archive built in the background is ready (export-job.ts queues it).
import type { MailContext } from '../../context.ts';
import type { MailRenderers } from '../../mail/mail-jobs.ts';
import { accountExportMail } from '../../mail/templates.ts';

declare module '../../mail/mail-jobs.ts' {
  interface MailJobs {
    'account-export-ready': { userId: number };
  }
}

export const exportMails: MailRenderers<MailContext, 'account-export-ready'> = {
  async 'account-export-ready'(ctx, job) {
    const row = await ctx.db
      .selectFrom('users')
      .innerJoin('account_exports', 'account_exports.user_id', 'users.id')
      .select(['users.email', 'account_exports.status', 'account_exports.expires_at'])
      .where('users.id', '=', job.userId)
      .executeTakeFirst();
    // Replaced or gone meanwhile: nothing to tell.
    if (row?.status !== 'ready' || !row.expires_at) return null;
    return accountExportMail(row.email, `${ctx.config.appUrl}/app/settings/account`, row.expires_at);
  },
};
