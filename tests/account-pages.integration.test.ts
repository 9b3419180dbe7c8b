import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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
});
