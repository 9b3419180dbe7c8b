import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  carePreferences,
  customerCredits,
  customers,
  orderMessages,
  orders,
  reviews,
  sessions,
} from '../server/db/schema';
import { insertOrderRow, logIn, signUp } from '@tests/helpers/fixtures';
import { usePageServer } from '@tests/helpers/page-server';

/*
 * "Download my data" (issue 18, decision 038): GET /api/account/data gives the logged-in
 * customer everything held about them as a JSON attachment, and nothing of anyone else's,
 * and no secret.
 */

describe('download my data', () => {
  const site = usePageServer({}, async (server) => {
    for (const [name, email] of [
      ['Ada Lovelace', 'ada@example.com'],
      ['Grace Hopper', 'grace@example.com'],
    ] as const) {
      await signUp(server, { name, email, phone: '07700 900123', password: 'Secret@123' });
    }
  });

  it('gives the customer their profile, care, orders with items, messages, credit and reviews; not another customer’s, no secrets', async () => {
    const db = site.server.database.db;
    const idOf = async (email: string) =>
      (await db.select().from(customers).where(eq(customers.email, email)))[0]!;
    const ada = await idOf('ada@example.com');
    const grace = await idOf('grace@example.com');
    const token = await logIn(site.server, 'ada@example.com');
    const adaOrder = await insertOrderRow(db, new Date('2026-11-20T09:00:00Z'), {
      customerId: ada.id,
      status: 'delivered',
      customerNotes: 'Ring the top bell',
    });
    const graceOrder = await insertOrderRow(db, new Date('2026-11-20T09:00:00Z'), {
      customerId: grace.id,
      customerName: 'Grace Hopper',
      customerEmail: 'grace@example.com',
      customerNotes: 'Grace private note',
    });
    await db.insert(carePreferences).values({
      customerId: ada.id,
      shirts: 'hanger',
      detergentNotes: 'Non-bio only',
    });
    await db.insert(orderMessages).values({
      orderId: adaOrder.id,
      author: 'customer',
      body: 'Is the blue coat ready?',
    });
    await db.insert(customerCredits).values({
      customerId: ada.id,
      amountPence: 500,
      reason: 'Goodwill',
    });
    await db.insert(reviews).values({
      orderId: adaOrder.id,
      customerId: ada.id,
      rating: 5,
      body: 'Lovely work',
      displayName: 'Ada L.',
    });

    const anonymous = await site.server.api('/api/account/data');
    expect(anonymous.status).toBe(401);

    const reply = await fetch(`${site.url}/api/account/data`, {
      headers: { Authorization: `Bearer ${token}` },
    });
    expect(reply.status).toBe(200);
    expect(reply.headers.get('content-type')).toMatch(/application\/json/);
    expect(reply.headers.get('content-disposition')).toMatch(
      /^attachment; filename="my-data-\d{4}-\d{2}-\d{2}\.json"$/,
    );
    const raw = await reply.text();
    const data = JSON.parse(raw) as {
      customer: { email: string; message_choices: object };
      addresses: unknown[];
      garment_care: { detergent_notes: string };
      orders: { notes: string; messages: { body: string }[] }[];
      credit: { amount: string; reason: string }[];
      reviews: { review: string; rating: number }[];
      sessions: unknown[];
    };
    expect(data.customer.email).toBe('ada@example.com');
    expect(data.customer.message_choices).toBeTruthy();
    expect(data.addresses).toHaveLength(1);
    expect(data.garment_care.detergent_notes).toBe('Non-bio only');
    expect(data.orders).toHaveLength(1);
    expect(data.orders[0]!.notes).toBe('Ring the top bell');
    expect(data.orders[0]!.messages[0]!.body).toBe('Is the blue coat ready?');
    expect(data.credit).toEqual([expect.objectContaining({ amount: '5.00', reason: 'Goodwill' })]);
    expect(data.reviews).toEqual([expect.objectContaining({ review: 'Lovely work', rating: 5 })]);
    expect(data.sessions.length).toBeGreaterThan(0);

    // Nothing of Grace's; no secrets (password hash, session token hashes, the tracking token).
    expect(raw).not.toContain('grace@example.com');
    expect(raw).not.toContain('Grace private note');
    expect(raw).not.toContain(graceOrder.id);
    const [account] = await db.select().from(customers).where(eq(customers.id, ada.id));
    const [session] = await db.select().from(sessions).where(eq(sessions.customerId, ada.id));
    const [order] = await db.select().from(orders).where(eq(orders.id, adaOrder.id));
    for (const secret of [
      account!.passwordHash!,
      session!.tokenHash,
      order!.trackingToken,
      token,
    ]) {
      expect(raw).not.toContain(secret);
    }
    expect(raw).not.toMatch(/password|token|hash/i);

    // The profile page offers it as a download.
    const profile = await site.html('/account/profile', {
      headers: { Cookie: `cl_session=${token}` },
    });
    expect(profile).toMatch(/<a href="\/api\/account\/data" download=""/);
  });
});
