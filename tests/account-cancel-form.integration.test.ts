import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { customers, orders } from '../server/db/schema';
import { accountMessages } from '@shared/account-messages';
import { insertOrderRow, logIn, signUp } from '@tests/helpers/fixtures';
import { usePageServer } from '@tests/helpers/page-server';

/*
 * An order cancelled from its page before the page's scripts have run (a slow phone) or
 * without them: "Cancel Order" is a GET form that the server opens the confirmation for, and
 * "Yes, cancel order" posts the page's form, through the use-case of POST /api/orders/:id/cancel.
 */

const HOUR = 60 * 60 * 1000;
const password = 'Secret@123';

describe('cancelling an order from its page without JavaScript', () => {
  const cookies: Record<string, string> = {};
  const site = usePageServer({}, async (server) => {
    for (const [key, email, phone] of [
      ['ada', 'ada@example.com', '07700 900123'],
      ['bob', 'bob@example.com', '07700 900124'],
    ] as const) {
      await signUp(server, { name: key, email, phone, password });
      cookies[key] = `cl_session=${await logIn(server, email, password)}`;
    }
  });
  const text = async (response: Response) => (await response.text()).replaceAll('<!-- -->', '');
  const orderOf = async (email: string, pickupInMs: number) => {
    const db = site.server.database.db;
    const [customer] = await db.select().from(customers).where(eq(customers.email, email));
    return insertOrderRow(db, new Date(Date.now() + pickupInMs), { customerId: customer!.id });
  };
  const post = (orderId: string, cookie: string) =>
    site.page(`/account/orders/${orderId}?cancel=`, {
      method: 'POST',
      headers: { Cookie: cookie, Origin: site.url },
      body: new URLSearchParams({ intent: 'cancel' }),
    });

  it('Cancel Order opens the confirmation as a page; Yes cancels it once, with the API’s words', async () => {
    const order = await orderOf('ada@example.com', 48 * HOUR);
    const page = await text(
      await site.page(`/account/orders/${order.id}`, { headers: { Cookie: cookies.ada! } }),
    );
    expect(page).toMatch(
      /<form method="get"><button[^>]*name="cancel"[^>]*>Cancel Order<\/button>/,
    );
    expect(page).not.toContain('Yes, cancel order');

    const confirming = await text(
      await site.page(`/account/orders/${order.id}?cancel=`, { headers: { Cookie: cookies.ada! } }),
    );
    expect(confirming).toContain('Yes, cancel order');
    expect(confirming).toContain('<input type="hidden" name="intent" value="cancel"/>');

    const cancelled = await post(order.id, cookies.ada!);
    expect(cancelled.status).toBe(200);
    const after = await text(cancelled);
    expect(after).toContain(accountMessages.orderCancelled(`LD-${order.orderNo}`));
    expect(after).not.toContain('Yes, cancel order');
    const [row] = await site.server.database.db
      .select({ status: orders.status })
      .from(orders)
      .where(eq(orders.id, order.id));
    expect(row!.status).toBe('cancelled');

    // Sent again (a reload that posts twice): refused, nothing changes.
    const again = await post(order.id, cookies.ada!);
    expect(again.status).toBe(409);
    expect(await text(again)).toContain('can no longer be cancelled online');
  });

  it('too late, or another customer’s order: refused with the reason, the order unchanged', async () => {
    const soon = await orderOf('ada@example.com', HOUR);
    const late = await post(soon.id, cookies.ada!);
    expect(late.status).toBe(409);
    expect(await text(late)).toContain(
      'Orders can be cancelled up to 2 hours before collection, so this one can no longer be cancelled online.',
    );

    // Not an order's id at all, or a form of another intent: nothing to cancel, no 500.
    const stray = await post('not-an-order', cookies.ada!);
    expect(stray.status).toBe(404);
    expect(await text(stray)).toMatch(/<h1[^>]*>[^<]+<\/h1>/);
    const other = await site.page(`/account/orders/${soon.id}`, {
      method: 'POST',
      headers: { Cookie: cookies.ada!, Origin: site.url },
      body: new URLSearchParams({ intent: 'something-else' }),
    });
    expect(other.status).toBe(400);

    const adas = await orderOf('ada@example.com', 48 * HOUR);
    const foreign = await post(adas.id, cookies.bob!);
    expect(foreign.status).toBe(404);
    const rows = await site.server.database.db
      .select({ status: orders.status })
      .from(orders)
      .where(eq(orders.id, adas.id));
    expect(rows[0]!.status).toBe('pending');
  });
});
