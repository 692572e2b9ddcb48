// A real SMTP server on loopback that keeps what it receives, for tests that read mails.
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

export type ReceivedMail = { to: string[]; raw: string; text: string };

/** Undoes quoted-printable soft breaks and escapes so links in the body can be matched. */
export const decode = (raw: string) =>
  Buffer.from(
    raw
      .replace(/=\r?\n/g, '')
      .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16))),
    'latin1',
  ).toString('utf8');

export async function startSmtp(listenPort = 0) {
  const mails: ReceivedMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    // Without this every connection asks the system's DNS server (off loopback) for the client's
    // name and waits up to 1.5 s for the answer.
    disableReverseLookup: true,
    logger: false,
    onData(stream, session, callback) {
      let raw = '';
      stream.on('data', (chunk: Buffer) => (raw += chunk.toString('utf8')));
      stream.on('end', () => {
        mails.push({ to: session.envelope.rcptTo.map((r) => r.address), raw, text: decode(raw) });
        callback();
      });
    },
  });
  // A client that dies mid-conversation (the crash test kills the app) resets its connection;
  // that is the client's business, not a failure of the test.
  server.on('error', () => {});
  await new Promise<void>((resolve) => server.listen(listenPort, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    mails,
    /**
     * The link to `path` in the last mail to `to` that has one. Not simply the last mail: the
     * queue sends concurrently, so the registration's confirmation can arrive after a reset mail
     * asked for later (a PostgreSQL run found the confirmation last and no reset link, 2026-11-28).
     */
    link(to: string, path: string) {
      const pattern = new RegExp(`https?://[^\\s]+${path.replace('/', '\\/')}[^\\s]*`);
      const match = mails
        .filter((m) => m.to.includes(to))
        .map((m) => m.text.match(pattern))
        .findLast((found) => found !== null);
      if (!match) throw new Error(`no mail to ${to} with a link to ${path}`);
      return new URL(match[0]);
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
