import { and, desc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createStaffUser } from '../server/auth/staff';
import { customers, outbox, priceApprovals, services as priceList } from '../server/db/schema';
import { insertOrderRow, logIn, signUp, staffLogIn } from '@tests/helpers/fixtures';
import { usePageServer } from '@tests/helpers/page-server';

/*
 * The account pages as the server renders them, without a browser: the guard, CSRF on page
 * requests and the navigation's user. The pages in Chromium are in
 * tests/browser/account-pages.browser.test.ts.
 */

const password = 'Secret@123';

describe('account pages on the server', () => {
  let token: string;
  const site = usePageServer({}, async (server) => {
    const ada = { name: 'Ada Lovelace', email: 'ada@example.com', phone: '07700 900123' };
    await signUp(server, { ...ada, password });
    token = await logIn(server, ada.email, password);
  });

  it('an order above its cap waits at the top of the account, and Approve works as a plain form post', async () => {
    const db = site.server.database.db;
    const [ada] = await db.select().from(customers).where(eq(customers.email, 'ada@example.com'));
    const order = await insertOrderRow(db, new Date('2026-11-20T09:00:00Z'), {
      customerId: ada!.id,
      status: 'collected',
      priceCapPence: 3000,
    });
    await createStaffUser(db, {
      email: 'sam@shop.test',
      name: 'Sam',
      role: 'staff',
      password: 'a-long-staff-password',
    });
    const staff = await staffLogIn(site.server, 'sam@shop.test', 'a-long-staff-password');
    const [suit] = await db.select().from(priceList).where(eq(priceList.pricePence, 1595)).limit(1);
    const itemised = await site.server.api(`/api/admin/orders/${order.id}/items`, {
      method: 'PUT',
      body: { lines: [{ service_id: suit!.id, quantity: 2 }] },
      headers: { Authorization: `Bearer ${staff}` },
    });
    expect(itemised.status).toBe(200);

    const cookie = `cl_session=${token}`;
    const account = (
      await (await site.page('/account', { headers: { Cookie: cookie } })).text()
    ).replaceAll('<!-- -->', '');
    expect(account).toContain('Awaiting your approval');
    expect(account).toMatch(/Order LD-\d+ comes to £31\.90/);
    expect(account).toMatch(/limit of £30\.00/);
    const [approval] = await db
      .select()
      .from(priceApprovals)
      .where(eq(priceApprovals.orderId, order.id));
    expect(account).toContain(`action="/order/approval/${approval!.id}"`);

    const approved = await site.page(`/order/approval/${approval!.id}`, {
      method: 'POST',
      headers: { Cookie: cookie, Origin: site.url },
      body: new URLSearchParams({ intent: 'approve' }),
      redirect: 'manual',
    });
    expect(approved.status).toBe(303);
    const [after] = await db
      .select()
      .from(priceApprovals)
      .where(eq(priceApprovals.id, approval!.id));
    expect(after).toMatchObject({ answer: 'approved', answeredVia: 'account' });
    const again = await (await site.page('/account', { headers: { Cookie: cookie } })).text();
    expect(again).not.toContain('Awaiting your approval');
  });

  it('each view has its own address (decision 038); the old ?view= addresses move there for good', async () => {
    const cookie = `cl_session=${token}`;
    for (const [view, to] of [
      ['orders', '/account/orders'],
      ['profile', '/account/profile'],
      ['password', '/account/profile'],
      ['messages', '/account/messages'],
      ['dashboard', '/account'],
    ]) {
      const moved = await site.page(`/account?view=${view}`, {
        headers: { Cookie: cookie },
        redirect: 'manual',
      });
      expect(moved.status).toBe(301);
      expect(moved.headers.get('location')).toBe(to);
    }
    const db = site.server.database.db;
    const [ada] = await db.select().from(customers).where(eq(customers.email, 'ada@example.com'));
    const order = await insertOrderRow(db, new Date('2026-11-21T09:00:00Z'), {
      customerId: ada!.id,
    });
    const list = (await site.html('/account/orders', { headers: { Cookie: cookie } })).replaceAll(
      '<!-- -->',
      '',
    );
    expect(list).toContain(`href="/account/orders/${order.id}"`);
    const one = (
      await site.html(`/account/orders/${order.id}`, { headers: { Cookie: cookie } })
    ).replaceAll('<!-- -->', '');
    expect(one).toMatch(/Order LD-\d+/);
    expect(one).toContain('href="/account/orders"');
    const profile = await site.html('/account/profile', { headers: { Cookie: cookie } });
    expect(profile).toContain('action="/account/profile"');
    // Another customer's order, or none at all, is not found; no session goes home.
    const other = await insertOrderRow(db, new Date('2026-11-21T09:00:00Z'));
    const notHers = await site.page(`/account/orders/${other.id}`, { headers: { Cookie: cookie } });
    expect(notHers.status).toBe(404);
    for (const path of ['/account/orders', '/account/profile', '/account/messages']) {
      const anonymous = await site.page(path, { redirect: 'manual' });
      expect(anonymous.status).toBe(302);
    }
  });

  it('without a session /account redirects home', async () => {
    const response = await site.page('/account', { redirect: 'manual' });
    expect(response.status).toBe(302);
    expect(response.headers.get('location')).toBe('/');
  });

  it('page requests that change state with the session cookie must come from our own origin', async () => {
    const cookie = `cl_session=${token}`;
    const foreign = await site.page('/account/delete', {
      method: 'POST',
      headers: { Cookie: cookie, Origin: 'https://evil.example' },
      redirect: 'manual',
    });
    expect(foreign.status).toBe(403);
    const own = await site.page('/account/delete', {
      method: 'POST',
      headers: { Cookie: cookie, Origin: site.url },
      redirect: 'manual',
    });
    expect(own.status).not.toBe(403);
  });

  it("the root loader gives pages the logged-in customer's name (the navigation's user)", async () => {
    // A page rendered for the visitor (not a shared page): in its loader data (hydration).
    const loggedIn = await site.page('/account/profile', {
      headers: { Cookie: `cl_session=${token}` },
    });
    expect(loggedIn.status).toBe(200);
    expect(await loggedIn.text()).toContain('Ada Lovelace');
    // A shared page never carries it: the browser fills the name in (decision 042).
    const shared = await site.page('/', { headers: { Cookie: `cl_session=${token}` } });
    expect(await shared.text()).not.toContain('Ada Lovelace');
    expect(await site.html('/')).not.toContain('Ada Lovelace');
  });

  it('pages rendered for their visitor link the stylesheet, cached for a year; public pages carry it inline', async () => {
    // Issue 30 (/account's p99): 62 kB of CSS written into every account page was a fifth of
    // the server's CPU per page. The browser keeps the hashed stylesheet between visits.
    const account = await (
      await site.page('/account', { headers: { Cookie: `cl_session=${token}` } })
    ).text();
    expect(account).not.toContain('<style data-page-styles');
    const href = /<link [^>]*rel="stylesheet" href="(\/assets\/[^"]+\.css)"/.exec(account)?.[1];
    expect(href).toBeDefined();
    const stylesheet = await site.page(href!);
    expect(stylesheet.status).toBe(200);
    expect(stylesheet.headers.get('cache-control')).toMatch(/max-age=31536000/);
    expect(await stylesheet.text()).toContain('--brand-primary');
    const home = await site.html('/');
    expect(home).toContain('<style data-page-styles');
    expect(home).not.toContain('rel="stylesheet"');
  });

  it('the e-mail confirmation page changes nothing when opened (mail scanners); its form POST does', async () => {
    const update = await site.server.api('/api/updateprofile', {
      body: {
        name: 'Ada Lovelace',
        email: 'ada.page@example.com',
        phone_number: '07700 900123',
        current_password: password,
      },
      headers: { Authorization: `Bearer ${token}` },
    });
    expect(update.status).toBe(200);
    const [mail] = await site.server.database.db
      .select()
      .from(outbox)
      .where(
        and(
          eq(outbox.toAddress, 'ada.page@example.com'),
          eq(outbox.template, 'email-change-confirm'),
        ),
      )
      .orderBy(desc(outbox.id));
    const link = /\/account\/confirm-email\/[\w-]+/.exec(mail!.textBody)![0];
    const emailOfAda = async () =>
      (
        await site.server.database.db
          .select()
          .from(customers)
          .where(eq(customers.name, 'Ada Lovelace'))
      ).find((c) => !c.isGuest)!.email;

    // The account page shows the pending address.
    const account = await site.html('/account', { headers: { Cookie: `cl_session=${token}` } });
    expect(account).toContain('Waiting for confirmation of');
    expect(account).toContain('ada.page@example.com');

    const opened = await site.page(link);
    expect(opened.status).toBe(200);
    expect(opened.headers.get('cache-control')).toContain('no-store');
    const page = await opened.text();
    expect(page).toContain('Confirm new e-mail address');
    expect(page).toContain('ada.page@example.com');
    expect(await emailOfAda()).toBe('ada@example.com');

    // The form posts to the page itself: from our own origin, without JavaScript.
    const posted = await site.post(link, {});
    expect(posted.status).toBe(200);
    expect(await posted.text()).toContain('Your e-mail address is now ada.page@example.com.');
    expect(await emailOfAda()).toBe('ada.page@example.com');

    const spent = await site.html(link);
    expect(spent).toContain('This confirmation link is invalid or has expired.');
    const garbage = await site.page(`/account/confirm-email/${'x'.repeat(300)}`);
    expect(garbage.status).toBe(200);
    expect(await garbage.text()).toContain('This link has expired');
  });
});
