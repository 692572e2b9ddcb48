// Content edits in /nova: stored in the database, seen by users at once (the pre-rendered method
// answer is renewed), kept when the content files are seeded again, and logged.
import { describe, expect, it } from 'vitest';
import { loadContent } from '../../../src/server/db/seed/load-content.ts';
import { seed } from '../../../src/server/db/seed/seed.ts';
import { verifiedUser } from '../helpers/accounts.ts';
import { createTestApp } from '../helpers/test-app.ts';

const t = await createTestApp({ seed: true });

async function staff(role: string) {
  const u = await verifiedUser(t);
  await t.db.updateTable('users').set({ role }).where('id', '=', u.id).execute();
  return u;
}

describe('editing a method in /nova', () => {
  it('shows the edit to users, keeps it through a re-seed and logs it', async () => {
    const editor = await staff('editor');
    const reader = await verifiedUser(t);
    // The method page is rendered once per content version: read it before the edit.
    expect((await reader.agent.get('/api/practices/2')).statusCode).toBe(200);

    const { data } = (await editor.agent.get('/api/nova/practices/2')).json();
    const { id: _id, edited_at: _e, all_keywords: _k, ...form } = data;
    const description = '## Neu geschrieben\n\nDiese Beschreibung kommt aus der Administration.';
    const saved = await editor.agent.put('/api/nova/practices/2', {
      ...form,
      title: 'Ein neuer Titel',
      description,
      actions: [{ description: 'Der einzige Schritt.', link_target: '', link_label: '' }],
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().data.edited_at).toEqual(expect.any(String));

    expect((await reader.agent.get('/api/practices/2/content')).json().data.content).toBe(description);
    expect((await reader.agent.get('/api/practices/2')).json().data.title).toBe('Ein neuer Titel');
    expect((await reader.agent.get('/api/practices/2/actions')).json().data).toHaveLength(1);

    // The content files change (every method) and are seeded again: method 2 keeps the edit.
    const content = loadContent();
    const changed = {
      ...content,
      practices: content.practices.map((p) => ({ ...p, description: `${p.description}\n\nNachtrag.` })),
    };
    expect(await seed(t.db, changed)).toBe(true);
    expect((await reader.agent.get('/api/practices/2/content')).json().data.content).toBe(description);
    expect((await reader.agent.get('/api/practices/2')).json().data.title).toBe('Ein neuer Titel');
    expect((await reader.agent.get('/api/practices/2/actions')).json().data).toHaveLength(1);
    expect((await reader.agent.get('/api/practices/3/content')).json().data.content).toMatch(/Nachtrag\.$/);

    const log = (await editor.agent.get('/api/nova/audit')).json();
    expect(log.data[0]).toMatchObject({
      user_email: editor.email,
      action: 'practice.update',
      subject_type: 'practice',
      subject_id: '2',
    });
    expect(JSON.parse(log.data[0].details)).toMatchObject({ title: 'Ein neuer Titel' });
    // A full re-seed takes seconds on a busy machine.
  }, 30_000);

  it('refuses an unknown keyword and a missing title with German field errors, logging nothing', async () => {
    const editor = await staff('editor');
    const { data } = (await editor.agent.get('/api/nova/practices/4')).json();
    const { id: _id, edited_at: _e, all_keywords: _k, ...form } = data;
    const before = (await editor.agent.get('/api/nova/audit')).json().meta.total;
    const unknown = await editor.agent.put('/api/nova/practices/4', { ...form, keywords: ['gibt-es-nicht'] });
    expect(unknown.statusCode).toBe(422);
    expect(unknown.json().errors.keywords).toEqual(['Dieses Stichwort gibt es nicht.']);
    const empty = await editor.agent.put('/api/nova/practices/4', { ...form, title: ' ' });
    expect(empty.statusCode).toBe(422);
    expect(empty.json().errors.title).toEqual(['Bitte gib einen Titel an.']);
    expect((await editor.agent.get('/api/nova/audit')).json().meta.total).toBe(before);
  });

  it('logs role changes and new access codes with who did it', async () => {
    const admin = await staff('admin');
    const other = await verifiedUser(t);
    await admin.agent.put(`/api/nova/users/${other.id}/role`, { role: 'editor' });
    const codes = await admin.agent.post('/api/nova/codes', { count: 3, note: 'Crowdfunding' });
    expect(codes.statusCode).toBe(201);
    expect(codes.json().data).toHaveLength(3);
    const log = (await admin.agent.get('/api/nova/audit')).json().data;
    expect(log.slice(0, 2)).toMatchObject([
      { user_email: admin.email, action: 'codes.create' },
      { user_email: admin.email, action: 'user.role', subject_id: String(other.id) },
    ]);
    expect(JSON.parse(log[1].details)).toEqual({ from: 'user', to: 'editor' });
    // The new editor sees the panel now.
    expect((await other.agent.get('/api/nova/me')).json().data.abilities).toEqual([
      'content',
      'feedback',
      'audit',
    ]);
  });

  it('shows a redeemed code with the address that redeemed it', async () => {
    const admin = await staff('admin');
    const [code] = (await admin.agent.post('/api/nova/codes', { count: 1, note: '' })).json().data;
    const email = `supporter-${Date.now()}@example.org`;
    const agent = t.agent();
    await agent.csrf();
    const registered = await agent.post('/api/account', {
      email,
      password: 'ein-langes-passwort',
      password_confirmation: 'ein-langes-passwort',
      terms: true,
      privacy: true,
      code: code.code,
    });
    expect(registered.statusCode, registered.body).toBe(201);
    const listed = (await admin.agent.get('/api/nova/codes'))
      .json()
      .data.find((c: { code: string }) => c.code === code.code);
    expect(listed).toMatchObject({ redeemed_by: email, redeemed_at: expect.any(String) });
  });

  it('finds users by address and pages through them', async () => {
    const admin = await staff('admin');
    const found = await verifiedUser(t, `gesucht_${Date.now()}@example.org`);
    const result = (await admin.agent.get('/api/nova/users?q=GESUCHT_')).json();
    expect(result.data.map((u: { id: number }) => u.id)).toEqual([found.id]);
    // `_` is a literal, not a wildcard.
    expect((await admin.agent.get('/api/nova/users?q=gesucht%25')).json().data).toEqual([]);
    const all = (await admin.agent.get('/api/nova/users?page=1')).json();
    expect(all.meta).toMatchObject({ current_page: 1, per_page: 20 });
  });
});

describe('deleting entries in /nova', () => {
  it('takes changelog, roadmap and logbook entries off the public lists, for good, and logs it', async () => {
    const editor = await staff('editor');
    const reader = t.agent();
    const [entry] = (await reader.get('/api/changelog')).json().data;
    const [planned] = (await reader.get('/api/roadmap')).json().data;
    const advice = (await editor.agent.post('/api/nova/advices', { content: 'Nur kurz im Logbuch.' })).json()
      .data;

    for (const path of [
      `/api/nova/changelog/${entry.id}`,
      `/api/nova/roadmap/${planned.id}`,
      `/api/nova/advices/${advice.id}`,
    ]) {
      expect((await editor.agent.delete(path)).statusCode, path).toBe(204);
      const again = await editor.agent.delete(path);
      expect(again.statusCode, path).toBe(404);
      expect(again.json().message).toMatch(/^Diesen .*Eintrag gibt es nicht\.$/);
    }
    const ids = async (path: string) => (await reader.get(path)).json().data.map((e: { id: number }) => e.id);
    expect(await ids('/api/changelog')).not.toContain(entry.id);
    expect(await ids('/api/roadmap')).not.toContain(planned.id);
    expect(
      (await editor.agent.get('/api/nova/advices')).json().data.map((a: { id: number }) => a.id),
    ).not.toContain(advice.id);
    // A deleted entry cannot be edited back into existence.
    const edit = await editor.agent.put(`/api/nova/roadmap/${planned.id}`, {
      title: 'Zurück',
      content: 'Wieder da?',
      position: 1,
    });
    expect(edit.statusCode).toBe(404);

    // The content files are seeded again (changed, so the seed writes): the entries stay deleted.
    const content = loadContent();
    const changed = {
      ...content,
      changelog: content.changelog.map((c) => ({ ...c, title: `${c.title} (neu)` })),
      roadmap: content.roadmap.map((r) => ({ ...r, title: `${r.title} (neu)` })),
    };
    expect(await seed(t.db, changed)).toBe(true);
    expect(await ids('/api/changelog')).not.toContain(entry.id);
    expect(await ids('/api/roadmap')).not.toContain(planned.id);

    const log = (await editor.agent.get('/api/nova/audit')).json().data.slice(0, 3);
    expect(log.map((e: { action: string }) => e.action).sort()).toEqual([
      'advice.delete',
      'changelog.delete',
      'roadmap.delete',
    ]);
  }, 30_000);
});
