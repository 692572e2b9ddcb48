// What a queued mail job becomes when the worker sends it. Rendering late keeps the request
// short and identical for every caller: password-forgot queues the same job whether or not the
// address has an account, and only the worker finds out (and then sends nothing).
//
// Entscheidung MAIL-1: each domain declares and renders its own mails (account/account-mails.ts,
// team/invitation-mail.ts, newsletter/newsletter-mail.ts); this folder imports none of them. A
// domain adds its jobs to `MailJobs` by declaration merging, so `ctx.mail.enqueue` stays typed
// without mail/ knowing the domains, and app.ts hands the queue one renderer per template (the
// type makes a missing one a compile error).
import type { Mail } from './mailer.ts';

/**
 * Template name → its payload. Empty here; each domain adds its own:
 * `declare module '../mail/mail-jobs.ts' { interface MailJobs { verification: { userId: number } } }`
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type
export interface MailJobs {}

export type MailTemplate = keyof MailJobs;

/** A job as queued: its template and payload. */
export type MailJob = { [T in MailTemplate]: { template: T } & MailJobs[T] }[MailTemplate];

/** Renders a job (null: nothing to send any more, e.g. the invitation was accepted meanwhile). */
export type MailRenderers<Context, T extends MailTemplate = MailTemplate> = {
  [K in T]: (ctx: Context, job: MailJobs[K]) => Promise<Mail | null>;
};
