import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { createStaffUser } from '../server/auth/staff';
import { customerCredits, promoCodes } from '../server/db/schema';
import { signUp } from '@tests/helpers/fixtures';
import { usePageServer } from '@tests/helpers/page-server';

/*
 * Issue 18's back office forms, posted as a browser without JavaScript posts them: the
 * owner's promo codes (list, create with field errors, deactivate; staff are refused) and
 * goodwill credit on a customer's page, which the customer then sees at /account/credit.
 */

const now = new Date('2026-11-23T06:00:00Z');
const password = 'a-long-staff-password';

describe('promo codes and credit in the back office', () => {
  let owner = '';
  let staff = '';
  const site = usePageServer({ now: () => now }, async (server) => {
    const db = server.database.db;
    await createStaffUser(db, { email: 'olive@shop.test', name: 'Olive', role: 'owner', password });
    await createStaffUser(db, { email: 'sam@shop.test', name: 'Sam', role: 'staff', password });
    const signIn = async (email: string) => {
      const reply = await server.api<{ token: string }>('/api/admin/login', {
        body: { email, password },
      });
      return `cl_staff=${reply.body.token}`;
    };
    owner = await signIn('olive@shop.test');
    staff = await signIn('sam@shop.test');
  });
  const text = async (reply: Response) => (await reply.text()).replaceAll('<!-- -->', '');

  it('the owner creates a code (refused fields first) and deactivates it; staff may not', async () => {
    const list = await site.page('/admin/promo-codes', { headers: { Cookie: owner } });
    expect(list.status).toBe(200);
    expect(await text(list)).toContain('APP30');
    expect((await site.page('/admin/promo-codes', { headers: { Cookie: staff } })).status).toBe(
      403,
    );
    const fields = {
      intent: 'create',
      code: 'winter 10',
      description: 'Winter leaflet',
      kind: 'fixed',
      amount: 'ten',
      min_spend: '40',
      ends_on: '2026-12-31',
      total_limit: '100',
    };
    const bad = await site.post('/admin/promo-codes', fields, owner);
    expect(bad.status).toBe(422);
    expect(await text(bad)).toContain('Enter an amount like 10.00.');
    const made = await site.post('/admin/promo-codes', { ...fields, amount: '10' }, owner);
    expect(made.status).toBe(200);
    expect(await text(made)).toContain('Promo code WINTER10 created.');
    const db = site.server.database.db;
    const [row] = await db.select().from(promoCodes).where(eq(promoCodes.code, 'WINTER10'));
    expect(row).toMatchObject({
      kind: 'fixed',
      amountOffPence: 1000,
      minSpendPence: 4000,
      totalLimit: 100,
      active: true,
      endsAt: new Date('2027-01-01T00:00:00Z'),
    });
    const again = await site.post('/admin/promo-codes', { ...fields, amount: '10' }, owner);
    expect(await text(again)).toContain('The code WINTER10 exists already.');
    const off = await site.post(
      '/admin/promo-codes',
      { intent: 'deactivate', id: String(row!.id) },
      owner,
    );
    expect(await text(off)).toContain('Promo code WINTER10 deactivated.');
    const [after] = await db.select().from(promoCodes).where(eq(promoCodes.id, row!.id));
    expect(after!.active).toBe(false);
    expect(
      (await site.post('/admin/promo-codes', { intent: 'activate', id: String(row!.id) }, staff))
        .status,
    ).toBe(403);
  });

  it('staff add goodwill credit; the customer sees it with its history', async () => {
    const { customer_id: id } = await signUp(site.server, { email: 'credit@example.com' });
    const refused = await site.post(
      '/admin/customers',
      { customer_id: id, amount: '5', reason: '' },
      staff,
    );
    expect(refused.status).toBe(422);
    const added = await site.post(
      '/admin/customers',
      { customer_id: id, amount: '5', reason: 'A late delivery' },
      staff,
    );
    expect(added.status).toBe(200);
    expect(await text(added)).toContain('Credit added: the balance is now £5.00.');
    const rows = await site.server.database.db
      .select()
      .from(customerCredits)
      .where(eq(customerCredits.customerId, id));
    expect(rows).toMatchObject([{ amountPence: 500, reason: 'Goodwill: A late delivery' }]);
    const login = await site.server.api<{ token: string }>('/api/login', {
      body: { email: 'credit@example.com', password: 'Secret@123' },
    });
    const page = await site.page('/account/credit', {
      headers: { Authorization: `Bearer ${login.body.token}` },
    });
    expect(page.status).toBe(200);
    const html = await text(page);
    expect(html).toContain('£5.00');
    expect(html).toContain('Goodwill: A late delivery');
    expect(html).toMatch(/GRACE-[A-Z2-9]{4}/);
  });
});
