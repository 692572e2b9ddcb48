// One name per user: users.name and the profile's username are the same value, whichever form
// saved it, and every read (account, user profile) shows it.
import { describe, expect, it } from 'vitest';
import { createTestApp } from '../helpers/test-app.ts';
import { json } from '../helpers/agent.ts';
import { register, verifiedUser } from '../helpers/accounts.ts';

const t = await createTestApp();
type UserBody = { data: { id: number; name: string | null; profile: { username: string } | null } };

const profile = (username: string) => ({ username, position: 'creator', language: 'de', referrer: '' });

async function names(agent: ReturnType<typeof t.agent>, id: number) {
  const account = json<UserBody>(await agent.get('/api/account')).data;
  const shown = json<UserBody>(await agent.get(`/api/users/${id}`)).data;
  const row = await t.db.selectFrom('users').select('name').where('id', '=', id).executeTakeFirstOrThrow();
  const profileRow = await t.db
    .selectFrom('profiles')
    .select('username')
    .where('user_id', '=', id)
    .executeTakeFirst();
  return {
    account: [account.name, account.profile?.username],
    shown: [shown.name, shown.profile?.username],
    stored: [row.name, profileRow?.username],
  };
}

describe('the user name', () => {
  it('saving the profile sets the account name too', async () => {
    const { agent, id } = await verifiedUser(t);
    const saved = await agent.post('/api/account/profile', profile('Erika Mustermann'));
    expect(json<UserBody>(saved).data.name).toBe('Erika Mustermann');
    const all = ['Erika Mustermann', 'Erika Mustermann'];
    expect(await names(agent, id)).toEqual({ account: all, shown: all, stored: all });

    await agent.put('/api/account/profile', profile('Erika M.'));
    const renamed = ['Erika M.', 'Erika M.'];
    expect(await names(agent, id)).toEqual({ account: renamed, shown: renamed, stored: renamed });
  });

  it('saving the account name renames the profile', async () => {
    const { agent, id, email } = await verifiedUser(t);
    await agent.post('/api/account/profile', profile('Alter Name'));
    const response = await agent.put('/api/account', { name: 'Neuer Name', email });
    expect(response.statusCode).toBe(200);
    expect(json<UserBody>(response).data).toMatchObject({
      name: 'Neuer Name',
      profile: { username: 'Neuer Name' },
    });
    const all = ['Neuer Name', 'Neuer Name'];
    expect(await names(agent, id)).toEqual({ account: all, shown: all, stored: all });
  });

  it('an account name without a profile creates no profile', async () => {
    const { agent, id, email } = await register(t);
    await agent.put('/api/account', { name: 'Nur Account', email });
    expect(json<UserBody>(await agent.get('/api/account')).data).toMatchObject({
      name: 'Nur Account',
      profile: null,
    });
    const row = await t.db
      .selectFrom('profiles')
      .select('user_id')
      .where('user_id', '=', id)
      .executeTakeFirst();
    expect(row).toBeUndefined();
  });

  it('older rows with two different names read as one (the account name wins)', async () => {
    const { agent, id } = await verifiedUser(t);
    await agent.post('/api/account/profile', profile('Profilname'));
    await t.db.updateTable('users').set({ name: 'Accountname' }).where('id', '=', id).execute();
    const both = ['Accountname', 'Accountname'];
    const { account, shown } = await names(agent, id);
    expect({ account, shown }).toEqual({ account: both, shown: both });
  });

  it('refuses a name longer than the profile can hold, on either form', async () => {
    const { agent, email } = await verifiedUser(t);
    const long = 'x'.repeat(61);
    for (const response of [
      await agent.put('/api/account', { name: long, email }),
      await agent.put('/api/account/profile', profile(long)),
    ]) {
      expect(response.statusCode).toBe(422);
    }
    expect(json(await agent.put('/api/account', { name: long, email })).errors).toEqual({
      name: ['Höchstens 60 Zeichen sind erlaubt.'],
    });
  });
});
