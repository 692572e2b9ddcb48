// Sends mail over SMTP, or without SMTP_URL writes each mail as an .eml file to DATA_DIR/mail/.
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '../clock.ts';
import { refuseInTransaction } from '../db/transaction-scope.ts';

export type Mail = { to: string; subject: string; text: string };
export type Mailer = { send(mail: Mail): Promise<void> };

export function createMailer(options: {
  smtpUrl?: string;
  from: string;
  dataDir: string;
  log: FastifyBaseLogger;
  clock: Clock;
}): Mailer {
  // nodemailer is loaded at the first mail, not at start (a start's CPU).
  const transport = (options: Parameters<typeof import('nodemailer').createTransport>[0]) =>
    import('nodemailer').then(({ default: nodemailer }) => nodemailer.createTransport(options));
  const { smtpUrl, from, dataDir, log, clock } = options;
  if (smtpUrl) {
    let smtp: ReturnType<typeof transport> | undefined;
    return {
      async send({ to, subject, text }) {
        refuseInTransaction('Sending a mail over SMTP');
        smtp ??= transport(smtpUrl);
        await (await smtp).sendMail({ from, to, subject, text });
      },
    };
  }
  const outbox = join(dataDir, 'mail');
  let stream: ReturnType<typeof transport> | undefined;
  return {
    async send({ to, subject, text }) {
      stream ??= transport({ streamTransport: true, buffer: true });
      const info = await (await stream).sendMail({ from, to, subject, text });
      await mkdir(outbox, { recursive: true });
      const file = join(outbox, `${clock.now().toISOString().replace(/[:.]/g, '-')}-${to}.eml`);
      await writeFile(file, info.message as Buffer);
      // The link stays in the file: logs are read by more people than the mailbox is.
      log.info({ to, subject, file }, 'mail written to outbox');
    },
  };
}
