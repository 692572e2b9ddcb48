import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { createMailer } from '../../../src/server/mail/mailer.ts';
import { verificationMail } from '../../../src/server/mail/templates.ts';
import { decode } from '../helpers/smtp.ts';

describe('mail without SMTP_URL', () => {
  it('writes an .eml file to DATA_DIR/mail and logs the link', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'kompass-mail-'));
    const lines: string[] = [];
    const log = pino({}, { write: (line: string) => lines.push(line) });
    const mailer = createMailer({ from: 'Kompass Studio <studio@kompass.local>', dataDir, log });
    await mailer.send(verificationMail('lea@example.org', 'http://localhost:3000/email?id=1'));
    const files = readdirSync(join(dataDir, 'mail'));
    expect(files).toHaveLength(1);
    const eml = decode(readFileSync(join(dataDir, 'mail', files[0]!), 'utf8'));
    expect(eml).toMatch(/^To: lea@example.org$/m);
    expect(eml).toContain('http://localhost:3000/email?id=1');
    expect(JSON.parse(lines[0]!)).toMatchObject({
      link: 'http://localhost:3000/email?id=1',
      to: 'lea@example.org',
    });
  });
});
