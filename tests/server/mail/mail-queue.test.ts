// Mail leaves through a durable queue: an SMTP outage loses nothing and answers no 500, a later
// attempt delivers, and two processes on one database send each mail once.
import { createServer, type AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { buildApp } from '../../../src/server/app.ts';
import { createTestApp } from '../helpers/test-app.ts';
import { json } from '../helpers/agent.ts';
import { register } from '../helpers/accounts.ts';
import { startSmtp } from '../helpers/smtp.ts';

async function unusedPort() {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

describe('mail queue', () => {
  it('registers during an SMTP outage and delivers the mail once the server is back', async () => {
    const port = await unusedPort();
    const t = await createTestApp({ config: { smtpUrl: `smtp://127.0.0.1:${port}` } });
    const { email, agent } = await register(t);
    expect(json<{ data: { email: string } }>(await agent.get('/api/account')).data.email).toBe(email);
    await t.ctx.mail.drain();
    const failed = await t.db.selectFrom('mail_queue').selectAll().executeTakeFirstOrThrow();
    expect(failed).toMatchObject({ attempts: 1, sent_at: null, failed_at: null });
    expect(failed.last_error).toMatch(/ECONNREFUSED/);

    const smtp = await startSmtp(port);
    try {
      await t.ctx.mail.drain();
      expect(smtp.mails).toHaveLength(0); // not before its backoff
      t.clock.advance(31_000);
      await t.ctx.mail.drain();
      expect(smtp.mails.map((m) => m.to)).toEqual([[email]]);
      expect(smtp.link(email, '/email').pathname).toBe('/email');
      const sent = await t.db.selectFrom('mail_queue').selectAll().executeTakeFirstOrThrow();
      expect(sent).toMatchObject({ attempts: 2, last_error: null });
      expect(sent.sent_at).not.toBeNull();
    } finally {
      await smtp.close();
    }
  });

  it('sends each mail once when two processes work the same queue', async () => {
    const t = await createTestApp();
    const second = await buildApp(t.config, { logger: false, clock: t.clock });
    try {
      const emails = await Promise.all(Array.from({ length: 12 }, async () => (await register(t)).email));
      await Promise.all([
        t.ctx.mail.drain(),
        second.ctx.mail.drain(),
        t.ctx.mail.drain(),
        second.ctx.mail.drain(),
      ]);
      await Promise.all([t.ctx.mail.drain(), second.ctx.mail.drain()]);
      for (const email of emails) {
        expect(
          t.smtp.mails.filter((m) => m.to.includes(email)),
          email,
        ).toHaveLength(1);
      }
    } finally {
      await second.app.close();
    }
  });

  it('answers password-forgot with the same work for known and unknown addresses', async () => {
    const t = await createTestApp();
    const { email } = await register(t);
    await t.ctx.mail.drain();
    const rows = async () =>
      Number(
        (
          await t.db
            .selectFrom('mail_queue')
            .select((eb) => eb.fn.countAll().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );
    const guest = t.agent();
    await guest.csrf();
    for (const address of [email, 'niemand-hier@example.org']) {
      const before = await rows();
      const response = await guest.post('/api/account/password:forgot', { email: address });
      expect(response.statusCode).toBe(202);
      // One queued job either way; only the worker finds out whether the address exists.
      expect(await rows()).toBe(before + 1);
    }
    expect((await t.mail.to(email)).filter((m) => m.text.includes('/password/reset'))).toHaveLength(1);
    expect(await t.mail.to('niemand-hier@example.org')).toHaveLength(0);
  });
});
