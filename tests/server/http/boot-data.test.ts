// The app shell of /app/* with the answers of session, podcasts and context embedded for a
// signed-in user, and on the four app screens those of the screen's first requests
// (src/server/http/boot-data.ts): the very answers of the calls, the guard's refusals left out,
// nothing for a guest, never cached, never able to end its script early.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync } from 'node:zlib';
import type { LightMyRequestResponse } from 'fastify';
import { describe, expect, it } from 'vitest';
import { berlinDate } from '../../../src/shared/calendar.ts';
import { register, verifiedUser } from '../helpers/accounts.ts';
import type { Agent } from '../helpers/agent.ts';
import { createTestApp } from '../helpers/test-app.ts';
import { addPractice, startExperiment } from '../experiments/experiment-helpers.ts';
import { podcastOwnedBy } from '../podcasts/podcast-helpers.ts';

const clientDir = mkdtempSync(join(tmpdir(), 'kompass-boot-client-'));
writeFileSync(
  join(clientDir, 'index.html'),
  '<!doctype html><html><head><title>Kompass Studio</title></head><body><div id="root"></div></body></html>',
);
const t = await createTestApp({ config: { clientDir } });

const BOOT = /<script type="application\/json" id="boot">(.*?)<\/script>/s;

/** The embedded answers of the page, or null when it has none. */
function boot(page: LightMyRequestResponse): Record<string, { data: unknown }> | null {
  const match = BOOT.exec(page.body);
  return match ? (JSON.parse(match[1]!) as Record<string, { data: unknown }>) : null;
}

const page = (agent: Agent, url = '/app/podcast', headers: Record<string, string> = {}) =>
  agent.request('GET', url, undefined, { accept: 'text/html', ...headers });

const podcast = (title: string, ownerId: number) => podcastOwnedBy(t, title, ownerId);

describe('the app shell with its boot answers', () => {
  it('embeds for a signed-in user exactly what session, podcasts and context answer, never cached', async () => {
    const owner = await verifiedUser(t);
    const id = await podcast('Zeitreise', owner.id);
    const shell = await page(owner.agent, '/app/podcast/edit/general');
    expect(shell.statusCode).toBe(200);
    expect(shell.headers['cache-control']).toBe('no-store');
    expect(shell.headers['content-security-policy']).toContain("script-src 'self'");
    const answers = boot(shell)!;
    expect(Object.keys(answers).sort()).toEqual([
      '/api/account/context',
      '/api/account/podcasts',
      '/api/account/session',
    ]);
    for (const [path, body] of Object.entries(answers))
      expect(body, path).toEqual((await owner.agent.get(path)).json());
    expect((answers['/api/account/context']!.data as { id: number }).id).toBe(id);
  });

  it('embeds on the app screens the answers of their own first requests, as the calls give them', async () => {
    const owner = await verifiedUser(t);
    const id = await podcast('Zeitreise', owner.id);
    const practice = (await addPractice(t)).id;
    const experiment = (
      await startExperiment(owner.agent, id, {
        practice_id: practice,
        starts_at: berlinDate(t.clock.now()),
        ends_at: '2099-01-14',
      })
    ).id;
    const screens: Record<string, string[]> = {
      '/app/podcast': [
        '/api/compilations',
        `/api/podcasts/${id}/estimations?limit=3`,
        `/api/podcasts/${id}/experiments?state=started`,
        `/api/podcasts/${id}/bookmarks`,
        `/api/podcasts/${id}/memberships`,
        `/api/podcasts/${id}/episodes?page=1`,
        `/api/podcasts/${id}/settings`,
      ],
      '/app/practices/list': [
        '/api/keywords',
        `/api/podcasts/${id}/practices?page=1&order=advice`,
        `/api/podcasts/${id}/pooled-effects`,
      ],
      [`/app/practices/${practice}/overview`]: [
        `/api/practices/${practice}?context=${id}`,
        `/api/practices/${practice}/compilations`,
        `/api/practices/${practice}/similarities?context=${id}&limit=3`,
        `/api/podcasts/${id}/pooled-effects`,
      ],
      [`/app/experiments/${experiment}`]: [
        `/api/experiments/${experiment}`,
        `/api/experiments/${experiment}/effect`,
        `/api/experiments/${experiment}/comments`,
        `/api/experiments/${experiment}/events`,
      ],
    };
    for (const [url, calls] of Object.entries(screens)) {
      const answers = boot(await page(owner.agent, url))!;
      for (const call of calls)
        expect(answers[call], `${url}: ${call}`).toEqual((await owner.agent.get(call)).json());
    }
    // The tips are there too; they change by themselves (Kompass-KI runs after the writes above).
    expect(boot(await page(owner.agent, '/app/podcast'))![`/api/podcasts/${id}/assistances`]).toBeDefined();
    // A filtered list is asked for as the filters say: the page leaves it to the client.
    const filtered = boot(await page(owner.agent, '/app/practices/list?order=latest'))!;
    expect(Object.keys(filtered).filter((k) => k.includes('/practices'))).toEqual([]);
  });

  it('embeds nothing for a guest or a session that is gone, and only for app pages', async () => {
    const guest = t.agent();
    expect(boot(await page(guest))).toBeNull();
    guest.cookies.set('kompass_session', 'nicht-gueltig');
    const stale = await page(guest);
    expect(stale.statusCode).toBe(200);
    expect(boot(stale)).toBeNull();
    expect(stale.headers['cache-control']).toBe('no-cache');

    const user = await verifiedUser(t);
    expect(boot(await page(user.agent, '/login'))).toBeNull();
  });

  it('leaves out what the guard refuses: a podcast the user no longer belongs to, an unverified user’s calls', async () => {
    const owner = await verifiedUser(t);
    const coworker = await verifiedUser(t);
    const shared = await podcast('Geheimprojekt Abendbrot', owner.id);
    await t.db
      .insertInto('memberships')
      .values({
        podcast_id: shared,
        user_id: coworker.id,
        role: 'editor',
        active: 1,
        created_at: t.clock.now().toISOString(),
      })
      .execute();
    const selected = await coworker.agent.post(`/api/account/context/${shared}`);
    expect(selected.statusCode, selected.body).toBe(200);
    await expect(page(coworker.agent).then((p) => p.body)).resolves.toContain('Geheimprojekt Abendbrot');

    // Removed from the team: the stored context points to a podcast the coworker may not see.
    await t.db
      .updateTable('memberships')
      .set({ active: 0 })
      .where('user_id', '=', coworker.id)
      .where('podcast_id', '=', shared)
      .execute();
    const shell = await page(coworker.agent);
    expect(shell.body).not.toContain('Geheimprojekt');
    expect(boot(shell)!['/api/account/context']).toEqual({ data: null });
    expect(boot(shell)!['/api/account/podcasts']).toEqual({ data: [] });

    // Not verified: podcasts and context answer 403, so only the session goes in.
    const unverified = await register(t);
    expect(Object.keys(boot(await page(unverified.agent))!)).toEqual(['/api/account/session']);
  });

  it('keeps a title with markup inside its script element, and compresses the page', async () => {
    const owner = await verifiedUser(t);
    const title = '</script><script>alert(1)</script><!--';
    await podcast(title, owner.id);
    const shell = await page(owner.agent, '/app/podcast', { 'accept-encoding': 'br' });
    expect(shell.headers['content-encoding']).toBe('br');
    const html = brotliDecompressSync(shell.rawPayload).toString();
    expect(html).not.toContain('<script>alert(1)');
    expect(html).not.toContain('<!--');
    const answers = boot({ body: html } as LightMyRequestResponse)!;
    expect((answers['/api/account/context']!.data as { title: string }).title).toBe(title);
  });
});
