import { spawnSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const dataDir = mkdtempSync(join(tmpdir(), 'kompass-cli-'));
const admin = (...args: string[]) =>
  spawnSync(process.execPath, ['--import', 'tsx', 'src/server/cli.ts', ...args], {
    env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '' },
    encoding: 'utf8',
  });

describe('npm run admin', () => {
  it('creates access codes and lists them as open', { timeout: 30_000 }, () => {
    const created = admin('create-codes', '3', 'Crowdfunding');
    expect(created.status).toBe(0);
    const codes = created.stdout.trim().split('\n');
    expect(codes).toHaveLength(3);
    for (const code of codes) expect(code).toMatch(/^[0-9A-F]{4}-[0-9A-F]{4}-[0-9A-F]{4}$/);
    const listed = admin('list-codes').stdout;
    for (const code of codes) expect(listed).toContain(`${code}\toffen\tCrowdfunding`);
  });

  it('refuses an unknown user or role with a German message', { timeout: 30_000 }, () => {
    const unknown = admin('set-role', 'niemand@example.org', 'admin');
    expect(unknown.status).toBe(1);
    expect(unknown.stderr).toContain('Kein Benutzer mit der E-Mail-Adresse niemand@example.org.');
    const role = admin('set-role', 'niemand@example.org', 'kaiser');
    expect(role.status).toBe(1);
    expect(role.stderr).toContain('Befehle:');
  });
});
