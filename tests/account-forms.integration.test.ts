import { and, desc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { customers, outbox } from '../server/db/schema';
import { accountMessages } from '../shared/account-messages';
import { usePageServer } from '@tests/helpers/page-server';

/*
 * The account forms posted as a browser without JavaScript posts them: form-encoded to the
 * page's own URL, answered by the route's action (field errors on the page, or a 303 with
 * the session cookie set or cleared). The same forms in Chromium without JavaScript are in
 * tests/e2e/no-javascript-account.spec.ts.
 */

const password = 'Secret@123';

describe('account forms as page actions', () => {
  const site = usePageServer();

  /** The session cookie a reply sets, as the browser would send it back. */
  const sessionOf = (response: Response) => {
    const set = response.headers.getSetCookie().find((c) => c.startsWith('cl_session='));
    return set?.split(';')[0];
  };

  const lastMail = async (to: string, template: string) => {
    const [mail] = await site.server.database.db
      .select()
      .from(outbox)
      .where(and(eq(outbox.toAddress, to), eq(outbox.template, template)))
      .orderBy(desc(outbox.id));
    return mail!.textBody;
  };

  const signUpFields = {
    name: 'Ada Lovelace',
    phone: '07700 900123',
    email: 'ada.forms@example.com',
    password,
    password_confirmation: password,
    door_number: '12',
    line1: 'Elgin Avenue',
    postcode: 'W9 2HD',
    town: 'London',
    address_type: 'Residential',
  };

  it('/signup: field errors on the page, then 303 to /login with the notice; a taken e-mail the same', async () => {
    const bad = await site.post('/signup', { ...signUpFields, phone: '020 7946 0000', line1: '' });
    expect(bad.status).toBe(422);
    const page = await bad.text();
    expect(page).toContain('Please check mandatory fields.');
    expect(page).toContain('Please provide valid UK mobile number');
    // The error summary links to the field; the field says it is invalid.
    expect(page).toContain('href="#signup-phone"');
    expect(page).toMatch(
      /id="signup-phone"[^>]*aria-invalid="true"|aria-invalid="true"[^>]*id="signup-phone"/,
    );

    // A missing e-mail is a field error, not the "taken" notice.
    const noEmail = await site.post('/signup', { ...signUpFields, email: '' });
    expect(noEmail.status).toBe(422);
    expect(await noEmail.text()).toContain('href="#signup-email"');

    const created = await site.post('/signup', signUpFields);
    expect(created.status).toBe(303);
    expect(created.headers.get('location')).toBe('/login?notice=created');
    const [row] = await site.server.database.db
      .select()
      .from(customers)
      .where(eq(customers.email, 'ada.forms@example.com'));
    expect(row).toMatchObject({ name: 'Ada Lovelace', phone: '07700900123' });

    // Issue 31, N6: a taken e-mail gets the same answer as a new one (its owner is e-mailed).
    const taken = await site.post('/signup', signUpFields);
    expect(taken.status).toBe(303);
    expect(taken.headers.get('location')).toBe('/login?notice=created');
  });

  let cookie: string;

  it('/login: the e-mail step, a refused password, then the session cookie on the 303', async () => {
    const noEmail = await site.post('/login', { intent: 'email', email: 'nope' });
    expect(noEmail.status).toBe(422);
    expect(await noEmail.text()).toContain('Please enter valid email id');

    const next = await site.post('/login', { intent: 'email', email: 'ada.forms@example.com' });
    expect(next.status).toBe(200);
    const step = await next.text();
    expect(step).toContain('name="password"');
    expect(step).toContain('value="ada.forms@example.com"');

    const wrong = await site.post('/login', {
      intent: 'login',
      email: 'ada.forms@example.com',
      password: 'Wrong@1234',
    });
    expect(wrong.status).toBe(401);
    expect(sessionOf(wrong)).toBeUndefined();
    const wrongPage = await wrong.text();
    expect(wrongPage).toContain(accountMessages.loginFailed);
    expect(wrongPage).toContain('name="password"');

    const empty = await site.post('/login', { intent: 'login', email: 'ada.forms@example.com' });
    expect(empty.status).toBe(422);
    expect(await empty.text()).toContain('Please enter password');

    const fromCheckout = await site.post('/login', {
      intent: 'login',
      email: 'ada.forms@example.com',
      password,
      from: 'checkout',
    });
    expect(fromCheckout.status).toBe(303);
    expect(fromCheckout.headers.get('location')).toBe('/customer');

    const ok = await site.post('/login', {
      intent: 'login',
      email: 'ada.forms@example.com',
      password,
    });
    expect(ok.status).toBe(303);
    expect(ok.headers.get('location')).toBe('/account');
    const setCookie = ok.headers.getSetCookie().find((c) => c.startsWith('cl_session='))!;
    expect(setCookie).toMatch(/HttpOnly/i);
    expect(setCookie).toMatch(/SameSite=Lax/i);
    cookie = sessionOf(ok)!;
    const account = await site.page('/account', {
      headers: { Cookie: cookie },
      redirect: 'manual',
    });
    expect(account.status).toBe(200);
  });

  it('page posts from another site are refused (CSRF), with or without the session', async () => {
    for (const headers of [{ Cookie: cookie }, {}] as Record<string, string>[]) {
      const forged = await site.page('/account', {
        method: 'POST',
        redirect: 'manual',
        headers: {
          ...headers,
          Origin: 'https://evil.example',
          'Content-Type': 'application/x-www-form-urlencoded',
        },
        body: 'intent=password&current_password=x&new_password=Evil%401234&new_password_confirmation=Evil%401234',
      });
      expect(forged.status).toBe(403);
    }
  });

  it('/account profile: field errors on the page, then saved', async () => {
    const profile = {
      intent: 'profile',
      name: 'Ada King',
      email: 'ada.forms@example.com',
      phone_number: '07700 900456',
      current_password: password,
    };
    const badPhone = await site.post(
      '/account/profile',
      { ...profile, phone_number: '123' },
      cookie,
    );
    expect(badPhone.status).toBe(422);
    const badPage = await badPhone.text();
    expect(badPage).toContain('Please provide valid UK mobile number');
    // Without JavaScript the page is all there is: the typed values come back.
    expect(badPage).toContain('value="Ada King"');

    const wrong = await site.post(
      '/account/profile',
      { ...profile, current_password: 'No@12345' },
      cookie,
    );
    expect(wrong.status).toBe(422);
    expect(await wrong.text()).toContain(accountMessages.currentPasswordWrong);

    const saved = await site.post('/account/profile', profile, cookie);
    expect(saved.status).toBe(200);
    expect(await saved.text()).toContain(accountMessages.profileUpdated);
    const [row] = await site.server.database.db
      .select()
      .from(customers)
      .where(eq(customers.email, 'ada.forms@example.com'));
    expect(row).toMatchObject({ name: 'Ada King', phone: '07700900456' });

    const anonymous = await site.post('/account', profile);
    expect(anonymous.status).toBe(303);
    expect(anonymous.headers.get('location')).toBe('/login');
  });

  it('/account password change: a mismatch is refused; success ends the session (cookie cleared on the 303)', async () => {
    const mismatch = await site.post(
      '/account/profile',
      {
        intent: 'password',
        current_password: password,
        new_password: 'Better@123',
        new_password_confirmation: 'Other@123',
      },
      cookie,
    );
    expect(mismatch.status).toBe(422);
    expect(await mismatch.text()).toContain(
      'Password mismatch, please confirm password before submit',
    );

    const changed = await site.post(
      '/account/profile',
      {
        intent: 'password',
        current_password: password,
        new_password: 'Better@123',
        new_password_confirmation: 'Better@123',
      },
      cookie,
    );
    expect(changed.status).toBe(303);
    expect(changed.headers.get('location')).toBe('/login?notice=password-changed');
    expect(changed.headers.getSetCookie().join()).toMatch(
      /cl_session=;.*(Max-Age=0|Expires=Thu, 01 Jan 1970)/i,
    );
    const old = await site.page('/account', {
      headers: { Cookie: cookie },
      redirect: 'manual',
    });
    expect(old.status).toBe(302);

    const again = await site.post('/login', {
      intent: 'login',
      email: 'ada.forms@example.com',
      password: 'Better@123',
    });
    expect(again.status).toBe(303);
    cookie = sessionOf(again)!;
  });

  it('logout posts to /account: the session is revoked and the cookie cleared', async () => {
    const out = await site.post('/account', { intent: 'logout' }, cookie);
    expect(out.status).toBe(303);
    expect(out.headers.get('location')).toBe('/login');
    expect(sessionOf(out)).toBe('cl_session=');
    const after = await site.page('/account', {
      headers: { Cookie: cookie },
      redirect: 'manual',
    });
    expect(after.status).toBe(302);
  });

  it('password reset: requested from /login, chosen on /reset-password/:token', async () => {
    const bad = await site.post('/login?step=reset', { intent: 'reset', email: '' });
    expect(bad.status).toBe(422);
    expect(await bad.text()).toContain('Please enter valid email id');
    const sent = await site.post('/login?step=reset', {
      intent: 'reset',
      email: 'ada.forms@example.com',
    });
    expect(sent.status).toBe(200);
    expect(await sent.text()).toContain(accountMessages.resetSent);
    const link = /\/reset-password\/[\w-]+/.exec(
      await lastMail('ada.forms@example.com', 'password-reset'),
    )![0];

    const mismatch = await site.post(link, {
      password: 'Newest@123',
      password_confirmation: 'Other@123',
    });
    expect(mismatch.status).toBe(422);
    expect(await mismatch.text()).toContain(
      'Password mismatch, please confirm password before submit',
    );
    const done = await site.post(link, {
      password: 'Newest@123',
      password_confirmation: 'Newest@123',
    });
    expect(done.status).toBe(303);
    expect(done.headers.get('location')).toBe('/login?notice=password-reset');
    const login = await site.post('/login', {
      intent: 'login',
      email: 'ada.forms@example.com',
      password: 'Newest@123',
    });
    expect(login.status).toBe(303);
    cookie = sessionOf(login)!;
  });

  it('/account/delete: the code is sent, a wrong code is refused, the right one erases and clears the cookie', async () => {
    const noEmail = await site.post('/account/delete', { intent: 'send', email: 'x' }, cookie);
    expect(noEmail.status).toBe(422);
    expect(await noEmail.text()).toContain('Please enter valid email id');
    const sent = await site.post(
      '/account/delete',
      { intent: 'send', email: 'ada.forms@example.com' },
      cookie,
    );
    expect(sent.status).toBe(200);
    expect(await sent.text()).toContain('name="otp"');
    const code = /one-time code is (\d{6})/.exec(
      await lastMail('ada.forms@example.com', 'account-deletion-code'),
    )![1]!;

    const missing = await site.post(
      '/account/delete',
      { intent: 'delete', email: '', otp: code },
      cookie,
    );
    expect(missing.status).toBe(422);
    expect(await missing.text()).toContain('Something went wrong!');
    const wrongCode = code === '000000' ? '111111' : '000000';
    const wrong = await site.post(
      '/account/delete',
      { intent: 'delete', email: 'ada.forms@example.com', otp: wrongCode },
      cookie,
    );
    expect(wrong.status).toBe(422);
    expect(await wrong.text()).toContain(accountMessages.deleteCodeWrong);

    const deleted = await site.post(
      '/account/delete',
      { intent: 'delete', email: 'ada.forms@example.com', otp: code },
      cookie,
    );
    expect(deleted.status).toBe(200);
    expect(sessionOf(deleted)).toBe('cl_session=');
    expect(await deleted.text()).toContain(accountMessages.deleted);
    const rows = await site.server.database.db
      .select()
      .from(customers)
      .where(eq(customers.email, 'ada.forms@example.com'));
    expect(rows).toEqual([]);
  });
});
