// Who may upload and read a podcast's audience: owner and manager upload, editor and observer read, a stranger finds nothing.
import { describe, expect, it } from 'vitest';
import type { Agent } from '../helpers/agent.ts';
import { verifiedUser } from '../helpers/accounts.ts';
import { addMember } from '../podcasts/podcast-helpers.ts';
import { fixture, uploadApp } from './upload-helpers.ts';

const { t, owner, podcastId, upload, importFile, audience } = await uploadApp();
// The days an observer reads: November 2026 from a Podigee export.
await importFile(fixture('podigee.csv'));

describe('who may upload and read', () => {
  it('owner and manager upload; editor and observer may not (403); a stranger finds no podcast (404)', async () => {
    const roles: Record<string, Agent> = {};
    for (const role of ['manager', 'editor', 'observer'] as const) {
      const member = await verifiedUser(t);
      await addMember(t, podcastId, member.id, role);
      roles[role] = member.agent;
    }
    const stranger = (await verifiedUser(t)).agent;
    const file = 'Datum;Downloads\n01.03.2027;5\n';
    expect((await upload(roles.manager!, file)).statusCode).toBe(201);
    for (const role of ['editor', 'observer']) {
      const refused = await upload(roles[role]!, file);
      expect(refused.statusCode, role).toBe(403);
    }
    const preview = await upload(owner, file);
    const observerCommit = await roles.observer!.post(
      `/api/podcasts/${podcastId}/audience-uploads/${preview.json().data.id}:commit`,
      { mapping: { date: 'Datum', downloads: 'Downloads' } },
    );
    expect(observerCommit.statusCode).toBe(403);
    expect((await upload(stranger, file)).statusCode).toBe(404);
    expect((await stranger.get(`/api/podcasts/${podcastId}/audience`)).statusCode).toBe(404);
    expect((await audience('from=2026-11-01&to=2026-11-02', roles.observer)).days).toHaveLength(2);
  });
});
