import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { systemClock } from '../../../src/server/clock.ts';
import { createMailer } from '../../../src/server/mail/mailer.ts';
import { verificationMail } from '../../../src/server/mail/templates.ts';
import { decode } from '../helpers/smtp.ts';

describe('mail without SMTP_URL', () => {
  it('writes an .eml file to DATA_DIR/mail and logs where, never the link', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'kompass-mail-'));
    const lines: string[] = [];
    const log = pino({}, { write: (line: string) => lines.push(line) });
    const mailer = createMailer({
      from: 'Kompass Studio <studio@kompass.local>',
      dataDir,
      log,
      clock: systemClock,
    });
    await mailer.send(verificationMail('lea@example.org', 'http://localhost:3000/email?id=1'));
    const files = readdirSync(join(dataDir, 'mail'));
    expect(files).toHaveLength(1);
    const eml = decode(readFileSync(join(dataDir, 'mail', files[0]!), 'utf8'));
    expect(eml).toMatch(/^To: lea@example.org$/m);
    expect(eml).toContain('http://localhost:3000/email?id=1');
    const logged = JSON.parse(lines[0]!) as Record<string, unknown>;
    expect(logged).toMatchObject({ to: 'lea@example.org', file: join(dataDir, 'mail', files[0]!) });
    expect(lines.join('\n')).not.toContain('/email?id=1');
  });
});
