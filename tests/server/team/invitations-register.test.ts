// The invited person registers through the link: confirmed at once with the invited role, another address, an unknown token.
import { describe, expect, it } from 'vitest';
import { registrationResponse } from '../../../src/shared/account.ts';
import { invitationPreviewResource, membershipsResponse } from '../../../src/shared/team.ts';
import { json } from '../helpers/agent.ts';
import { invitationsApp, listed } from './invitation-helpers.ts';
import { address, contract, invite, mailedToken, registerThrough, registration } from './team-helpers.ts';

const { t, ownerWithPodcast } = await invitationsApp();

describe('the invited person', () => {
  it('registers through the invitation: confirmed at once, member with the invited role, only that role’s rights', async () => {
    const { owner, podcast } = await ownerWithPodcast();
    const email = address('neu');
    await invite(owner.agent, podcast.id, email, 'observer');
    const token = await mailedToken(t, email);
    const { agent, response } = await registerThrough(t, email, token);
    const registered = contract(response, 201, registrationResponse);
    expect(registered.verified).toBe(true);
    expect(registered.data.verified).toBe(true);
    // No confirmation mail: only the invitation went to this address.
    expect(await t.mail.to(email)).toHaveLength(1);

    const context = await agent.get('/api/account/context');
    expect(json<{ data: { id: number; role: { key: string } } }>(context).data).toMatchObject({
      id: podcast.id,
      role: { key: 'observer' },
    });
    expect((await agent.get(`/api/podcasts/${podcast.id}`)).statusCode).toBe(200);
    const write = await agent.put(`/api/podcasts/${podcast.id}/strategy`, { subject: 'Geschichte' });
    expect(write.statusCode).toBe(403);
    expect(json(write).message).toBe('Das darf deine Rolle in diesem Podcast nicht.');
    const team = contract(
      await owner.agent.get(`/api/podcasts/${podcast.id}/memberships`),
      200,
      membershipsResponse,
    );
    expect(team.data.map((m) => [m.user.email, m.role.key, m.active])).toEqual([
      [owner.email, 'owner', true],
      [email, 'observer', true],
    ]);
    expect(await listed(owner.agent, podcast.id)).toEqual([]);
    const preview = contract(
      await t.agent().get(`/api/invitations/${token}`),
      200,
      invitationPreviewResource,
    );
    expect(preview.data.converted).toBe(true);
    // The link works once.
    const again = await registerThrough(t, address('nochmal'), token);
    expect(again.response.statusCode).toBe(422);
    expect(json(again.response).errors).toEqual({
      invitation: ['Diese Einladung wurde bereits angenommen.'],
    });
  });

  it('registers with another address: member, but the address still needs confirming', async () => {
    const { owner, podcast } = await ownerWithPodcast();
    const invited = address('eingeladen');
    const other = address('privat');
    await invite(owner.agent, podcast.id, invited, 'editor');
    const { agent, response } = await registerThrough(t, other, await mailedToken(t, invited));
    expect(contract(response, 201, registrationResponse).verified).toBe(false);
    expect((await agent.get(`/api/podcasts/${podcast.id}`)).statusCode).toBe(403);
    // Confirming the own address opens the podcast.
    const link = await t.mail.link(other, '/email');
    const p = link.searchParams;
    await agent.get(
      `/api/email/verify/${p.get('id')}/${p.get('hash')}?expires=${p.get('expires')}&signature=${p.get('signature')}`,
    );
    const seen = json<{ data: { role: { key: string } } }>(await agent.get(`/api/podcasts/${podcast.id}`));
    expect(seen.data.role.key).toBe('editor');
  });

  it('refuses registration with an unknown token and creates nothing', async () => {
    const email = address('falsch');
    const agent = t.agent();
    await agent.csrf();
    const response = await agent.post('/api/account', registration(email, 'y'.repeat(43)));
    expect(response.statusCode).toBe(422);
    expect(json(response)).toEqual({
      message: 'Diese Einladung gibt es nicht.',
      errors: { invitation: ['Diese Einladung gibt es nicht.'] },
    });
    expect(await t.db.selectFrom('users').select('id').where('email', '=', email).executeTakeFirst()).toBe(
      undefined,
    );
    expect(await t.mail.to(email)).toEqual([]);
  });
});
