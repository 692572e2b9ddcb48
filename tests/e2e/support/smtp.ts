// A local SMTP server for the E2E run: every received mail becomes a JSON file in `dir`.
import { renameSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { SMTPServer } from 'smtp-server';
import { parseMail } from './mime.ts';

export type StoredMail = { to: string[]; subject: string; text: string; html: string; receivedAt: number };

export async function startSmtp(dir: string) {
  let count = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    // No reverse DNS of the client: it would ask a resolver off loopback (network rule).
    disableReverseLookup: true,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const mail: StoredMail = {
          to: session.envelope.rcptTo.map((r) => r.address.toLowerCase()),
          ...parseMail(Buffer.concat(chunks).toString('utf8')),
          receivedAt: Date.now(),
        };
        const name = `${String(Date.now()).padStart(14, '0')}-${String(++count).padStart(4, '0')}.json`;
        // Written aside and renamed: a reader polling the folder never sees half a mail.
        writeFileSync(join(dir, `${name}.part`), JSON.stringify(mail, null, 2));
        renameSync(join(dir, `${name}.part`), join(dir, name));
        callback();
      });
    },
  });
  // A connection the app drops mid-conversation is the app's business, not a test failure.
  server.on('error', () => {});
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.server.address() as AddressInfo).port;
  return { port, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}
