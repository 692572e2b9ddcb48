// Offerings (§3, §9): three tiers from one price list, annual = 12 × monthly − 17 %, pro_any with
// 8 features; the paid variant links to the provider's subscribe page for the period.
import { describe, expect, it } from 'vitest';
import type { OfferingsResponse } from '../../../src/shared/billing.ts';
import { json } from '../helpers/agent.ts';
import { verifiedUser } from '../helpers/accounts.ts';
import { createTestApp } from '../helpers/test-app.ts';
import { billingApp } from './billing-helpers.ts';

const { t, fake } = await billingApp();

describe('GET /api/offerings', () => {
  it('lists basic, pro_one and pro_any with every Offering field, for guests too', async () => {
    const response = await t.agent().get('/api/offerings');
    expect(response.statusCode).toBe(200);
    const { data, meta } = json<OfferingsResponse>(response);
    expect(data.map((o) => o.tier)).toEqual(['basic', 'pro_one', 'pro_any']);
    expect(meta).toEqual({ lifetimeaccess: false, billing: true });
    for (const o of data) {
      expect(Object.keys(o).sort()).toEqual(
        [
          'id',
          'tier',
          'name',
          'summary',
          'description',
          'free',
          'monthly',
          'annual',
          'promo',
          'spotlight',
          'features',
          'steady',
          'subscribed',
          'associated',
          'contractor',
          'contractorEmail',
        ].sort(),
      );
      expect(o.annual).toBe(Math.round(o.monthly * 12 * 83) / 100);
      expect(o.steady).toBeNull();
    }
    const [basic, one, any] = data;
    expect(basic!.free).toBe(true);
    expect(basic!.monthly).toBe(0);
    expect(one!.monthly).toBeGreaterThan(0);
    expect(one!.promo).toBe('Spare 17 % bei jährlicher Zahlung');
    expect(any!.features).toHaveLength(8);
  });

  it('paid: adds the subscribe link for the chosen period, only to paid tiers', async () => {
    for (const period of ['monthly', 'annual'] as const) {
      const { data } = json<OfferingsResponse>(await t.agent().get(`/api/offerings:paid?period=${period}`));
      expect(data[0]!.steady).toBeNull();
      for (const o of data.slice(1)) {
        const link = new URL(o.steady!);
        expect(link.origin).toBe(fake.url);
        expect(link.searchParams.get('period')).toBe(period);
        expect(link.searchParams.get('plan')).toBe(o.tier);
      }
    }
    const bad = await t.agent().get('/api/offerings:paid?period=weekly');
    expect(bad.statusCode).toBe(422);
  });

  it('account offerings carry meta.lifetimeaccess and no subscription before connecting', async () => {
    const user = await verifiedUser(t);
    const { data, meta } = json<OfferingsResponse>(await user.agent.get('/api/account/offerings'));
    expect(meta).toEqual({ lifetimeaccess: false, billing: true, subscription: null });
    expect(data.every((o) => !o.subscribed && !o.associated)).toBe(true);
    await t.db.updateTable('users').set({ granted: 1 }).where('id', '=', user.id).execute();
    expect(json<OfferingsResponse>(await user.agent.get('/api/account/offerings')).meta.lifetimeaccess).toBe(
      true,
    );
  });
});

describe('without STEADY_* configuration', () => {
  it('offerings answer without links, the provider routes say billing is off, the rest works', async () => {
    const off = await createTestApp();
    const user = await verifiedUser(off);
    const paid = json<OfferingsResponse>(await user.agent.get('/api/offerings:paid?period=annual'));
    expect(paid.meta.billing).toBe(false);
    expect(paid.data.every((o) => o.steady === null)).toBe(true);
    const authorize = await user.agent.get('/api/account/steady:authorize');
    expect(authorize.statusCode).toBe(409);
    expect(json(authorize).message).toBe(
      'Die Bezahlung über Steady ist auf diesem Server nicht eingerichtet.',
    );
    expect(off.jobs.subscriptions).toBeUndefined();
    expect((await user.agent.get('/api/account')).statusCode).toBe(200);
  });
});
