import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { customers, outbox } from '../server/db/schema';
import { startTestServer, type TestServer } from './helpers/test-server';

/*
 * The account pages as the server renders them, without a browser: the guard, CSRF on page
 * requests and the navigation's user. The pages in Chromium are in
 * tests/browser/account-pages.browser.test.ts.
 */

const password = 'Secret@123';

describe('account pages on the server', () => {
  let server: TestServer;
  let token: string;

  beforeAll(async () => {
    server = await startTestServer({ pages: 'vite' });
    await server.api('/api/register', {
      body: {
        name: 'Ada Lovelace',
        email: 'ada@example.com',
        phone: '07700 900123',
        password,
        address: { door_number: '12', line1: 'Elgin Avenue', postcode: 'W9 2HD' },
      },
    });
    const login = await server.api<{ token: string }>('/api/login', {
      body: { email: 'ada@example.com', password },
    });
    token = login.body.token;
  }, 120_000);

  afterAll(async () => {
    await server?.stop();
  });

  it('without a session /account redirects home', async () => {
    const response = await fetch(`${server.url}/account`, { redirect: 'manual' });
    expect(response.status).toBe(302);
    expect(response.headers.get('location')).toBe('/');
  });

  it('page requests that change state with the session cookie must come from our own origin', async () => {
    const cookie = `cl_session=${token}`;
    const foreign = await fetch(`${server.url}/account/delete`, {
      method: 'POST',
      headers: { Cookie: cookie, Origin: 'https://evil.example' },
      redirect: 'manual',
    });
    expect(foreign.status).toBe(403);
    const own = await fetch(`${server.url}/account/delete`, {
      method: 'POST',
      headers: { Cookie: cookie, Origin: server.url },
      redirect: 'manual',
    });
    expect(own.status).not.toBe(403);
  });

  it("the root loader gives pages the logged-in customer's name (the navigation's user)", async () => {
    const loggedIn = await fetch(`${server.url}/`, { headers: { Cookie: `cl_session=${token}` } });
    const html = await loggedIn.text();
    // In the page's loader data (hydration), whatever the navigation makes of it.
    expect(html).toContain('Ada Lovelace');
    const anonymous = await (await fetch(`${server.url}/`)).text();
    expect(anonymous).not.toContain('Ada Lovelace');
  });

  it('the e-mail confirmation page changes nothing when opened (mail scanners); its form POST does', async () => {
    const update = await server.api('/api/updateprofile', {
      body: {
        name: 'Ada Lovelace',
        email: 'ada.page@example.com',
        phone_number: '07700 900123',
        current_password: password,
      },
      headers: { Authorization: `Bearer ${token}` },
    });
    expect(update.status).toBe(200);
    const [mail] = await server.database.db
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
        await server.database.db.select().from(customers).where(eq(customers.name, 'Ada Lovelace'))
      ).find((c) => !c.isGuest)!.email;

    // The account page shows the pending address.
    const account = await (
      await fetch(`${server.url}/account`, { headers: { Cookie: `cl_session=${token}` } })
    ).text();
    expect(account).toContain('Waiting for confirmation of');
    expect(account).toContain('ada.page@example.com');

    const opened = await fetch(`${server.url}${link}`);
    expect(opened.status).toBe(200);
    expect(opened.headers.get('cache-control')).toContain('no-store');
    const page = await opened.text();
    expect(page).toContain('Confirm new e-mail address');
    expect(page).toContain('ada.page@example.com');
    expect(await emailOfAda()).toBe('ada@example.com');

    // The form posts to the page itself: from our own origin, without JavaScript.
    const posted = await fetch(`${server.url}${link}`, {
      method: 'POST',
      headers: { Origin: server.url, 'Content-Type': 'application/x-www-form-urlencoded' },
      body: '',
    });
    expect(posted.status).toBe(200);
    expect(await posted.text()).toContain('Your e-mail address is now ada.page@example.com.');
    expect(await emailOfAda()).toBe('ada.page@example.com');

    const spent = await (await fetch(`${server.url}${link}`)).text();
    expect(spent).toContain('This confirmation link is invalid or has expired.');
    const garbage = await fetch(`${server.url}/account/confirm-email/${'x'.repeat(300)}`);
    expect(garbage.status).toBe(200);
    expect(await garbage.text()).toContain('This link has expired');
  });
});
