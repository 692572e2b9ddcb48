// 'Meine Daten herunterladen': what the archive holds of whom, at most one an
// hour, a large account's archive built in the background with a mail, the download streamed.
import { strFromU8 } from 'fflate';
import { describe, expect, it } from 'vitest';
import { SMALL_ROWS } from '../../../src/server/account/export/export-routes.ts';
import { CHUNK_BYTES } from '../../../src/server/account/export/build-export.ts';
import { json } from '../helpers/agent.ts';
import { PASSWORD, verifiedUser } from '../helpers/accounts.ts';
import { createTestApp } from '../helpers/test-app.ts';
import { csv, download, richAccount } from './export-helpers.ts';

const t = await createTestApp();
const HOUR = 3_600_000;
type Status = { data: { status: string; bytes: number | null; next_at: string | null; notify: boolean } };

describe('/api/account/export', () => {
  it("holds the owner's podcasts whole and of others' podcasts only what the account wrote", async () => {
    const { owner, other, podcast, theirs } = await richAccount(t);
    const created = await owner.agent.post('/api/account/export');
    expect(created.statusCode).toBe(201);
    expect(json<Status>(created).data).toMatchObject({ status: 'ready', notify: false });
    const { response, files } = await download(owner.agent);
    expect(response.headers['content-type']).toBe('application/zip');
    expect(response.headers['content-disposition']).toMatch(
      /^attachment; filename="kompass-studio-daten-\d{4}-\d{2}-\d{2}\.zip"$/,
    );
    expect(Number(response.headers['content-length'])).toBe(response.rawPayload.length);
    // The random picture does not compress: the archive was kept and sent in several pieces.
    expect(response.rawPayload.length).toBeGreaterThan(CHUNK_BYTES);

    expect(csv(files, 'users.csv')).toEqual([
      expect.objectContaining({ id: String(owner.id), email: owner.email }),
    ]);
    expect(csv(files, 'podcasts.csv').map((p) => p.id)).toEqual([String(podcast.id)]);
    const comments = csv(files, 'comments.csv').map((c) => c.content);
    expect(comments).toEqual(
      expect.arrayContaining([
        'Erster Gast angefragt.',
        'Kommentar eines Teammitglieds.',
        'Mein Kommentar im fremden Podcast.',
      ]),
    );
    expect(comments).not.toContain('Nur im fremden Podcast: gehört nicht ins Archiv.');
    expect(csv(files, 'memberships.csv').map((m) => [m.podcast_id, m.role])).toEqual(
      expect.arrayContaining([
        [String(podcast.id), 'owner'],
        [String(theirs.id), 'editor'],
      ]),
    );
    expect(csv(files, 'experiments.csv').every((e) => e.podcast_id === String(podcast.id))).toBe(true);
    expect(csv(files, 'audience_days.csv')).toEqual([
      expect.objectContaining({ day: '2027-01-31', downloads: '812' }),
    ]);
    const upload = csv(files, 'audience_uploads.csv')[0]!;
    expect(strFromU8(files[upload.file!]!)).toContain('2027-01-31;812');
    expect(files[csv(files, 'images.csv')[0]!.file!]!.length).toBe(300 * 1024);
    const effects = JSON.parse(strFromU8(files['experiment_effects.json']!)) as {
      experiments: { podcast_id: number }[];
    };
    expect(effects.experiments.length).toBeGreaterThan(0);
    const readme = strFromU8(files['README.md']!);
    expect(readme).toContain('### audience_days.csv');
    expect(readme).toContain('## Nicht enthalten');

    // The team member's own archive holds nothing of the owner's podcast but its membership.
    expect((await other.agent.post('/api/account/export')).statusCode).toBe(201);
    const theirsFiles = (await download(other.agent)).files;
    expect(csv(theirsFiles, 'podcasts.csv').map((p) => p.id)).toEqual([String(theirs.id)]);
    expect(csv(theirsFiles, 'audience_days.csv')).toEqual([]);
  });

  it('answers at most one request an hour, in German, with Retry-After', async () => {
    const { agent } = await verifiedUser(t);
    expect((await agent.post('/api/account/export')).statusCode).toBe(201);
    t.clock.advance(HOUR - 60_000);
    const again = await agent.post('/api/account/export');
    expect(again.statusCode).toBe(429);
    expect(json(again).message).toMatch(
      /^Du kannst deine Daten einmal pro Stunde anfordern\. Das nächste Mal geht es ab \d{2}:\d{2} Uhr\.$/,
    );
    expect(again.headers['retry-after']).toBe('60');
    // The ready archive is still there meanwhile.
    expect((await agent.get('/api/account/export/download')).statusCode).toBe(200);
    expect(json<Status>(await agent.get('/api/account/export')).data.next_at).not.toBeNull();
    t.clock.advance(60_000);
    expect((await agent.post('/api/account/export')).statusCode).toBe(201);
  });

  it('builds a large account in the background and mails when it is ready', async () => {
    const { owner, podcast } = await richAccount(t);
    const source = await t.db
      .selectFrom('audience_sources')
      .select('id')
      .where('podcast_id', '=', podcast.id)
      .executeTakeFirstOrThrow();
    const start = Date.UTC(2000, 0, 1);
    const days = Array.from({ length: SMALL_ROWS }, (_, i) => ({
      source_id: source.id,
      podcast_id: podcast.id,
      day: new Date(start + i * 86_400_000).toISOString().slice(0, 10),
      downloads: i,
      listeners: null,
      followers: null,
      plays: null,
      consumption: null,
    }));
    for (let i = 0; i < days.length; i += 500)
      await t.db
        .insertInto('audience_days')
        .values(days.slice(i, i + 500))
        .execute();

    const started = await owner.agent.post('/api/account/export');
    expect(started.statusCode).toBe(202);
    expect(json<Status>(started).data).toMatchObject({ status: 'pending', notify: true });
    await t.jobs.accountExports.runOnce();
    expect(json<Status>(await owner.agent.get('/api/account/export')).data.status).toBe('ready');
    const mails = await t.mail.to(owner.email);
    const mail = mails.find((m) =>
      m.text.includes('das Archiv mit deinen Daten bei Kompass Studio ist fertig'),
    );
    expect(mail?.text).toContain('http://studio.test/app/settings/account');
    const { files } = await download(owner.agent);
    expect(csv(files, 'audience_days.csv')).toHaveLength(SMALL_ROWS + 1);
  });

  it('deletes a ready archive after its seven days', async () => {
    const { agent, id } = await verifiedUser(t);
    expect((await agent.post('/api/account/export')).statusCode).toBe(201);
    t.clock.advance(7 * 24 * HOUR + 60_000);
    await t.jobs.accountExports.runOnce();
    expect(json<Status>(await agent.get('/api/account/export')).data.status).toBe('expired');
    expect((await agent.get('/api/account/export/download')).statusCode).toBe(404);
    const pieces = await t.db
      .selectFrom('account_export_chunks')
      .select('seq')
      .where('user_id', '=', id)
      .execute();
    expect(pieces).toEqual([]);
    expect((await agent.post('/api/account/export')).statusCode).toBe(201);
  });

  it('leaves no copy of the data behind when the account is deleted', async () => {
    const { agent, id } = await verifiedUser(t);
    expect((await agent.post('/api/account/export')).statusCode).toBe(201);
    const pieces = () =>
      t.db.selectFrom('account_export_chunks').select('seq').where('user_id', '=', id).execute();
    expect((await pieces()).length).toBeGreaterThan(0);
    expect((await agent.delete('/api/account', { password: PASSWORD })).statusCode).toBe(204);
    expect(await pieces()).toEqual([]);
    expect(await t.db.selectFrom('account_exports').select('id').where('user_id', '=', id).execute()).toEqual(
      [],
    );
  });

  it('refuses a download without a ready archive, and a guest', async () => {
    const { agent } = await verifiedUser(t);
    const none = await agent.get('/api/account/export/download');
    expect(none.statusCode).toBe(404);
    expect(json(none).message).toBe('Es liegt kein fertiges Archiv deiner Daten vor. Fordere ein neues an.');
    expect(json<Status>(await agent.get('/api/account/export')).data.status).toBe('none');
    expect((await t.agent().get('/api/account/export/download')).statusCode).toBe(401);
  });
});
