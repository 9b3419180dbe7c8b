import { describe, expect, it } from 'vitest';
import { usePageServer } from '@tests/helpers/page-server';

/*
 * Issue 31: log in returns to the page the visitor came from (a same-site relative
 * `redirectTo`), or to the account; a link to another site is ignored. Posted as a browser
 * without JavaScript posts the forms.
 */

const password = 'Secret@123';
const email = 'return.login@example.com';

describe('log in returns where the visitor came from', () => {
  const site = usePageServer();

  const sessionOf = (response: Response) =>
    response.headers
      .getSetCookie()
      .find((c) => c.startsWith('cl_session='))
      ?.split(';')[0];

  const logIn = (extra: Record<string, string> = {}) =>
    site.post('/login', { intent: 'login', email, password, ...extra });

  it('signs up a customer', async () => {
    const created = await site.post('/signup', {
      name: 'Rita Return',
      phone: '07700 900123',
      email,
      password,
      password_confirmation: password,
      door_number: '12',
      line1: 'Elgin Avenue',
      postcode: 'W9 2HD',
      town: 'London',
      address_type: 'Residential',
    });
    expect(created.status).toBe(303);
  });

  it('goes to the account when nothing asks otherwise', async () => {
    const ok = await logIn();
    expect(ok.status).toBe(303);
    expect(ok.headers.get('location')).toBe('/account');
    const cookie = sessionOf(ok)!;
    // With JavaScript the account comes as a data request: it is the visitor's, not the
    // shared page of a landing route called "account.data".
    const data = await site.page('/account.data', { headers: { Cookie: cookie } });
    expect(data.status).toBe(200);
    expect(await data.text()).toContain('return.login@example.com');
  });

  it('goes back to a page of this site, with its query', async () => {
    const back = await logIn({ redirectTo: '/pricing?category=shirts' });
    expect(back.status).toBe(303);
    expect(back.headers.get('location')).toBe('/pricing?category=shirts');
  });

  it('ignores a redirectTo that leaves the site', async () => {
    for (const redirectTo of ['https://evil.example/', '//evil.example', '/\\evil.example']) {
      const reply = await logIn({ redirectTo });
      expect(reply.status, redirectTo).toBe(303);
      expect(reply.headers.get('location'), redirectTo).toBe('/account');
    }
  });

  it('the log-in page carries redirectTo through both steps (without JavaScript too)', async () => {
    const page = await site.html('/login?redirectTo=%2Faccount%2Fcredit');
    expect(page).toMatch(/<form[^>]*action="\/login\?redirectTo=%2Faccount%2Fcredit"/);
    const step = await site.post('/login?redirectTo=%2Faccount%2Fcredit', {
      intent: 'email',
      email,
    });
    expect(step.status).toBe(200);
    expect(await step.text()).toMatch(/name="redirectTo" value="\/account\/credit"/);
  });

  it('the header links to log in with the page to return to', async () => {
    const pricing = await site.html('/pricing');
    expect(pricing).toContain('href="/login?redirectTo=%2Fpricing"');
    // From home there is nothing to return to: the account.
    const home = await site.html('/');
    expect(home).toMatch(/href="\/login"/);
  });

  it('an account page asks to log in and come back', async () => {
    const reply = await site.page('/account/credit', { redirect: 'manual' });
    expect(reply.status).toBe(302);
    expect(reply.headers.get('location')).toBe('/login?redirectTo=%2Faccount%2Fcredit');
  });

  it('a logged-in visitor on the log-in page goes to redirectTo (or home)', async () => {
    const cookie = sessionOf(await logIn())!;
    const back = await site.page('/login?redirectTo=%2Fpricing', {
      headers: { Cookie: cookie },
      redirect: 'manual',
    });
    expect(back.headers.get('location')).toBe('/pricing');
    const home = await site.page('/login', { headers: { Cookie: cookie }, redirect: 'manual' });
    expect(home.headers.get('location')).toBe('/');
  });
});
