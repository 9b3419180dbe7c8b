import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createStaffUser } from '../server/auth/staff';
import { customers, outbox, reviews } from '../server/db/schema';
import { eraseCustomer } from '../server/use-cases/accounts/delete-account';
import { moveOrder } from '../server/use-cases/orders/move-order';
import { insertOrderRow, logIn, signUp, staffLogIn } from '@tests/helpers/fixtures';
import { usePageServer } from '@tests/helpers/page-server';

/*
 * Reviews of delivered orders (issue 18, decision 038): one per delivered order, by the
 * delivered e-mail's signed link (a page form that works without JavaScript) or by the API
 * with the session; the home page shows them with their average, also as AggregateRating.
 */

const password = 'Secret@123';
const plain = (html: string) => html.replaceAll('<!-- -->', '');

describe('reviews', () => {
  let ada: { id: string; token: string };
  let grace: { id: string; token: string };
  let staff: { id: string; name: string; role: 'staff'; token: string };
  const site = usePageServer({}, async (server) => {
    const db = server.database.db;
    for (const [name, email] of [
      ['Ada Lovelace', 'ada@example.com'],
      ['Grace Hopper', 'grace@example.com'],
    ] as const) {
      await signUp(server, { name, email, phone: '07700 900123', password });
    }
    const idOf = async (email: string) =>
      (await db.select().from(customers).where(eq(customers.email, email)))[0]!.id;
    ada = { id: await idOf('ada@example.com'), token: await logIn(server, 'ada@example.com') };
    grace = {
      id: await idOf('grace@example.com'),
      token: await logIn(server, 'grace@example.com'),
    };
    const sam = await createStaffUser(db, {
      email: 'sam@shop.test',
      name: 'Sam',
      role: 'staff',
      password: 'a-long-staff-password',
    });
    staff = {
      id: sam.id,
      name: 'Sam',
      role: 'staff',
      token: await staffLogIn(server, 'sam@shop.test', 'a-long-staff-password'),
    };
  });

  /** An order of the customer's, out for delivery, then delivered by staff (the e-mail goes). */
  async function deliveredOrder(
    customerId: string,
    name = 'Ada Lovelace',
    email = 'ada@example.com',
  ) {
    const db = site.server.database.db;
    const order = await insertOrderRow(db, new Date('2026-11-20T09:00:00Z'), {
      customerId,
      customerName: name,
      customerEmail: email,
      status: 'out for delivery',
    });
    await moveOrder(site.server.services, {
      actor: { id: staff.id, name: staff.name, role: staff.role },
      orderId: order.id,
      to: 'delivered',
    });
    return order;
  }

  const review = (orderId: string, body: unknown, headers: Record<string, string>, t?: string) =>
    site.server.api<{ status: boolean; message: string; review?: { name: string } }>(
      `/api/account/orders/${orderId}/review${t ? `?t=${encodeURIComponent(t)}` : ''}`,
      { body, headers },
    );
  const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });

  it('the delivered e-mail links to the review page; its form publishes the review on the home page, with the AggregateRating', async () => {
    const db = site.server.database.db;
    const before = await site.html('/');
    expect(before).not.toContain('AggregateRating');
    expect(before).not.toContain('What our customers say');
    const versionBefore = await site.server.services.content.version();

    const order = await deliveredOrder(ada.id);
    const [mail] = await db
      .select()
      .from(outbox)
      .where(and(eq(outbox.template, 'order-delivered'), eq(outbox.toAddress, 'ada@example.com')));
    const link = /href="[^"]*(\/review\/[0-9a-f-]+\?t=[^"]+)"/.exec(mail!.html)?.[1];
    expect(link).toBeTruthy();
    const path = link!.replaceAll('&amp;', '&');
    const token = new URL(path, site.url).searchParams.get('t')!;

    // Without a session: the link alone opens the form.
    const page = plain(await site.html(path));
    expect(page).toContain('Rate your order');
    expect(page).toContain('Ada L.');
    expect(page).toContain('name="rating"');
    // The form posts back to the page's own address, the link's token with it.
    expect(page).toContain(`action="${path.replaceAll('&', '&amp;')}"`);

    const refused = await site.post(path, { t: token, rating: '9', body: '' });
    expect(refused.status).toBe(422);
    expect(await refused.text()).toContain('Please choose a rating from 1 to 5 stars.');

    const posted = await site.post(path, {
      t: token,
      rating: '5',
      body: 'Suits back crisp, driver on time.',
    });
    expect(posted.status).toBe(303);
    const thanks = plain(await site.html(posted.headers.get('location')!));
    expect(thanks).toContain('Thank you for your review.');
    expect(thanks).toContain('Suits back crisp, driver on time.');
    const [saved] = await db.select().from(reviews).where(eq(reviews.orderId, order.id));
    expect(saved).toMatchObject({ rating: 5, displayName: 'Ada L.', customerId: ada.id });
    // The shared pages are rendered again (decision 011): the content version went up.
    expect(await site.server.services.content.version()).toBeGreaterThan(versionBefore);

    const home = plain(await site.html('/'));
    expect(home).toContain('Suits back crisp, driver on time.');
    expect(home).toContain('5.0 out of 5 from 1 review');
    const jsonLd = JSON.parse(
      /<script type="application\/ld\+json"[^>]*>(.*?)<\/script>/s.exec(home)![1]!,
    ) as { aggregateRating?: unknown };
    expect(jsonLd.aggregateRating).toEqual({
      '@type': 'AggregateRating',
      ratingValue: '5.0',
      reviewCount: 1,
      bestRating: 5,
      worstRating: 1,
    });

    // A second review of the same order: 409, by the link or by the session.
    expect((await review(order.id, { rating: 4 }, {}, token)).status).toBe(409);
    expect((await review(order.id, { rating: 4 }, bearer(ada.token))).status).toBe(409);
    expect(await db.select().from(reviews).where(eq(reviews.orderId, order.id))).toHaveLength(1);
  });

  it('a tampered link, or one made for another order, is 404 on the page and the API', async () => {
    const order = await deliveredOrder(ada.id);
    const other = await deliveredOrder(grace.id, 'Grace Hopper', 'grace@example.com');
    const [mail] = await site.server.database.db
      .select()
      .from(outbox)
      .where(
        and(eq(outbox.template, 'order-delivered'), eq(outbox.toAddress, 'grace@example.com')),
      );
    const graceToken = /\?t=([^"&]+)/.exec(mail!.html)![1]!;
    const tampered = `${graceToken.slice(0, -2)}${graceToken.endsWith('AA') ? 'BB' : 'AA'}`;
    expect((await site.page(`/review/${other.id}?t=${tampered}`)).status).toBe(404);
    expect((await site.page(`/review/${order.id}?t=${graceToken}`)).status).toBe(404);
    expect((await review(other.id, { rating: 5 }, {}, tampered)).status).toBe(404);
    expect((await review(order.id, { rating: 5 }, {}, graceToken)).status).toBe(404);
    // No session and no link: log in first.
    expect((await review(order.id, { rating: 5 }, {})).status).toBe(401);
  });

  it('by the API with the session: only the customer’s own order, only once delivered, ratings 1 to 5', async () => {
    const db = site.server.database.db;
    const pending = await insertOrderRow(db, new Date('2026-11-25T09:00:00Z'), {
      customerId: ada.id,
      status: 'out for delivery',
    });
    const notYet = await review(pending.id, { rating: 5 }, bearer(ada.token));
    expect(notYet.status).toBe(409);
    expect(notYet.body.message).toBe('You can review an order once it has been delivered.');

    const order = await deliveredOrder(ada.id);
    expect((await review(order.id, { rating: 5 }, bearer(grace.token))).status).toBe(404);
    for (const rating of [0, 6, 3.5, 'five']) {
      const bad = await review(order.id, { rating }, bearer(ada.token));
      expect(bad.status).toBe(422);
    }
    const ok = await review(order.id, { rating: 4, body: 'Good.' }, bearer(ada.token));
    expect(ok.status).toBe(200);
    expect(ok.body.review).toMatchObject({ name: 'Ada L.' });

    const listed = await site.server.api<{ average: string; count: number }>('/api/reviews');
    expect(listed.body).toMatchObject({ count: 2, average: '4.5' });
  });

  it('staff reply once, shown under the review; nobody can edit or remove a review', async () => {
    const listed = await site.server.api<{ reviews: { id: number; order_id: string }[] }>(
      '/api/admin/reviews',
      { headers: bearer(staff.token) },
    );
    expect(listed.status).toBe(200);
    const first = listed.body.reviews[0]!;
    expect((await site.server.api('/api/admin/reviews', {})).status).toBe(401);
    const reply = (text: string) =>
      site.server.api(`/api/admin/reviews/${first.id}/reply`, {
        body: { reply: text },
        headers: bearer(staff.token),
      });
    expect((await reply('')).status).toBe(422);
    expect((await reply('Thank you, Ada!')).status).toBe(200);
    expect((await reply('Changed my mind')).status).toBe(409);
    const published = await site.server.api<{ reviews: { id: number; reply: string | null }[] }>(
      '/api/reviews',
    );
    expect(published.body.reviews.find((r) => r.id === first.id)?.reply).toBe('Thank you, Ada!');
    expect(plain(await site.html('/'))).toContain('Thank you, Ada!');

    for (const method of ['PATCH', 'DELETE', 'PUT']) {
      for (const path of [
        `/api/account/orders/${first.order_id}/review`,
        `/api/admin/reviews/${first.id}`,
        `/api/reviews/${first.id}`,
      ]) {
        const answer = await site.server.api(path, {
          method,
          body: { rating: 1 },
          headers: bearer(staff.token),
        });
        expect([404, 405]).toContain(answer.status);
      }
    }
    const [kept] = await site.server.database.db
      .select()
      .from(reviews)
      .where(eq(reviews.id, first.id));
    expect(kept!.rating).toBeGreaterThan(1);
  });

  it('erasing the account keeps the ratings for the average, not the words or the name', async () => {
    const db = site.server.database.db;
    await db.transaction((tx) => eraseCustomer(tx, { customerId: ada.id, now: new Date() }));
    // Written here, not through a request: as the write hook does, see it before the next read
    // (on PostgreSQL the NOTIFY may arrive after the page is asked for).
    await site.server.services.content.refresh();
    const rows = await db.select().from(reviews);
    expect(rows.every((r) => r.body === '' && r.displayName === 'Former customer')).toBe(true);
    const home = plain(await site.html('/'));
    expect(home).not.toContain('Suits back crisp');
    expect(home).not.toContain('Ada L.');
    const listed = await site.server.api<{ count: number }>('/api/reviews');
    expect(listed.body.count).toBe(2);
  });
});
