import { expect, test } from '@playwright/test';
import { bookFromHome, checkedSlot, chooseSlots, slotDisplayOf, tap } from './booking-helpers';
import { expectNoSeriousA11yViolations, readMail } from './support';

/*
 * Booking on `/` with the embedded address set, then checkout at /customer as a guest, by
 * signing up, and by logging in; validation messages; an address outside the served areas;
 * the express option; the confirmation page and its once-only conversion event.
 */

test('a guest books on /, checks out and sees the confirmation; the conversion fires once', async ({
  page,
}, testInfo) => {
  const email = `guest-${testInfo.project.name}@example.com`;
  const slots = await bookFromHome(page);
  await expect(page.getByRole('progressbar', { name: 'Checkout progress' })).toHaveAttribute(
    'aria-valuenow',
    '33.3',
  );
  const summary = page.getByRole('complementary');
  await expect(summary).toContainText('12 Elgin Avenue');
  await expect(summary).toContainText(slots.pickup);
  await expect(summary).toContainText(slots.delivery);
  await expectNoSeriousA11yViolations(page);

  await page.getByLabel('Full name').fill('Ada Lovelace');
  await page.getByLabel('Phone').fill('07700 900123');
  await page.getByLabel('E-mail').fill(email);
  await page.getByLabel(/Notes/).fill('Ring the top bell');
  await page.getByRole('button', { name: 'Guest Checkout' }).click();

  await expect(page.getByRole('heading', { name: 'Order Summary' })).toBeVisible();
  await expect(page.getByText('We will take the payment before delivery')).toBeVisible();
  await expect(page.getByText('Minimum Order £25')).toBeVisible();
  await page.getByRole('button', { name: 'Place Order' }).click();

  await expect(page).toHaveURL(/\/order\/complete\/[0-9a-f-]{36}$/);
  await expect(page.getByRole('heading', { name: /your order is booked/ })).toBeVisible();
  const number = (await page.locator('dd').first().innerText()).trim();
  expect(number).toMatch(/^LD-\d{6}$/);
  await expect(page.locator('main')).toContainText('Delivery');
  const conversions = () =>
    page.evaluate(() =>
      (
        (window as { dataLayer?: { event: string; value: number; currency: string }[] })
          .dataLayer ?? []
      ).filter((e) => e.event === 'conversion'),
    );
  await expect
    .poll(conversions)
    .toEqual([expect.objectContaining({ event: 'conversion', value: 30, currency: 'GBP' })]);
  await page.reload();
  await expect(page.getByRole('heading', { name: /your order is booked/ })).toBeVisible();
  expect(await conversions()).toEqual([]);
  await expectNoSeriousA11yViolations(page);

  const [mail] = await readMail(email);
  expect(mail!.subject).toContain(number);
  expect(mail!.text).toContain('12 Elgin Avenue');

  // The order is placed: the home form starts afresh.
  await page.goto('/');
  await expect(page.locator('form#order').getByRole('combobox').first()).toBeVisible();
  await expect(checkedSlot(page, 'pickup')).toHaveCount(0);
  await expect(page.locator('form#order').getByLabel('Door number')).toHaveValue('');
});

test('checkout validation messages are shown next to their fields', async ({ page }) => {
  await bookFromHome(page);
  await page.getByRole('button', { name: 'Guest Checkout' }).click();
  await expect(page.getByText('Please enter your full name')).toBeVisible();
  await expect(page.getByText('Please enter a valid email address')).toBeVisible();
  await page.getByLabel('Full name').fill('Ada Lovelace');
  await page.getByLabel('Phone').fill('12345');
  await page.getByLabel('E-mail').fill('ada@example.com');
  await page.getByRole('button', { name: 'Guest Checkout' }).click();
  await expect(page.getByText('Please provide valid UK mobile number')).toBeVisible();
  await page.getByLabel('Phone').fill('07700 900123');
  await page.getByLabel('Password', { exact: true }).fill('short');
  await page.getByLabel('Confirm password').fill('different');
  await page.getByRole('button', { name: 'Sign Up' }).click();
  await expect(
    page.getByText(
      'Minimum 8 characters, at least one uppercase letter, one lowercase letter, one number and one special character (@$!%*?&)',
    ),
  ).toBeVisible();
  await page.getByLabel('Password', { exact: true }).fill('Secret@123');
  await page.getByRole('button', { name: 'Sign Up' }).click();
  await expect(
    page.getByText('Password mismatch, please confirm password before submit'),
  ).toBeVisible();
});

test('signing up during checkout goes on to the order', async ({ page }, testInfo) => {
  const email = `signup-checkout-${testInfo.project.name}@example.com`;
  await bookFromHome(page);
  await page.getByLabel('Full name').fill('Grace Hopper');
  await page.getByLabel('Phone').fill('07700 900456');
  await page.getByLabel('E-mail').fill(email);
  await page.getByLabel('Password', { exact: true }).fill('Secret@123');
  await page.getByLabel('Confirm password').fill('Secret@123');
  await page.getByRole('button', { name: 'Sign Up' }).click();
  await expect(page.getByText('Your account is successfully created')).toBeVisible();
  await page.getByRole('button', { name: 'Place Order' }).click();
  await expect(page).toHaveURL(/\/order\/complete\//);
  // The account exists: logging in works.
  const login = await page.request.post('/api/login', {
    data: { email, password: 'Secret@123' },
  });
  expect((await login.json()).reqCode).toBe('ACC_LOGIN');
});

test('Login from checkout comes back to /customer at the order summary', async ({
  page,
}, testInfo) => {
  const email = `returning-${testInfo.project.name}@example.com`;
  const register = await page.request.post('/api/register', {
    data: {
      name: 'Mary Somerville',
      email,
      phone: '07700 900789',
      password: 'Secret@123',
      address: { door_number: '4', line1: 'Randolph Avenue', postcode: 'W9 1BH' },
    },
  });
  expect(register.status()).toBe(200);
  await bookFromHome(page);
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page).toHaveURL(/\/login/);
  await page.locator('main').getByLabel('Email').fill(email);
  await page.getByRole('button', { name: 'Next' }).click();
  await page.locator('main').getByLabel('Password').fill('Secret@123');
  await page.getByRole('button', { name: 'LOG IN' }).click();
  await expect(page).toHaveURL(/\/customer\?/);
  await expect(page.getByRole('heading', { name: 'Order Summary' })).toBeVisible();
  await expect(page.locator('main')).toContainText('Mary Somerville');
  await page.getByRole('button', { name: 'Place Order' }).click();
  await expect(page).toHaveURL(/\/order\/complete\//);
});

test('coming back to / shows the choice again', async ({ page }) => {
  const slots = await bookFromHome(page);
  await page.goto('/');
  const form = page.locator('form#order');
  await expect(form.getByLabel('Door number')).toHaveValue('12');
  await expect(checkedSlot(page, 'pickup')).toHaveCount(1);
  await expect.poll(() => slotDisplayOf(checkedSlot(page, 'pickup'))).toBe(slots.pickup);
  await expect(checkedSlot(page, 'delivery')).toHaveCount(1);
  await expect.poll(() => slotDisplayOf(checkedSlot(page, 'delivery'))).toBe(slots.delivery);
});

test('an address outside the served areas: the phone number and an e-mail to hear when it opens', async ({
  page,
}) => {
  await page.goto('/');
  const form = page.locator('form#order');
  await form.getByRole('combobox', { name: 'Your address or postcode' }).fill('CR0 1NA');
  await form.getByRole('option').filter({ hasText: 'High Street' }).first().click();
  await form.getByRole('option').filter({ hasText: '5 High Street' }).first().click();
  const alert = form.getByRole('alert');
  await expect(alert).toContainText('we do not collect from this postcode yet');
  await expect(alert.getByRole('link', { name: /Call \(020\) 7328 5621/ })).toBeVisible();
  await alert.getByLabel(/Your e-mail/).fill('far-away@example.com');
  await alert.getByRole('button', { name: 'Tell me' }).click();
  await expect(alert.getByRole('status')).toContainText('We will e-mail far-away@example.com');
  await chooseSlots(page);
  await form.getByRole('button', { name: 'ORDER FOR COLLECTION' }).click();
  await expect(page).toHaveURL(/\/$/);
});

test('an address typed by hand can still be booked; the form says what is missing', async ({
  page,
}) => {
  await page.goto('/');
  const form = page.locator('form#order');
  // The hydrated form's messages: wait for its address search (the page's scripts start after
  // its first paint, docs/decisions/033; before that the server answers the submit).
  await expect(form.getByRole('combobox', { name: 'Your address or postcode' })).toBeVisible();
  await form.getByRole('button', { name: 'ORDER FOR COLLECTION' }).click();
  await expect(form).toContainText('Please choose your address from the list');
  await expect(form).toContainText('Please choose a collection slot');
  await form.getByRole('button', { name: /Enter it by hand/ }).click();
  await form.getByLabel('Street').fill('Warrington Crescent');
  await form.getByLabel('Postcode').fill('w9 1ed');
  await form.getByLabel('Door number').fill('Flat 2, 31');
  await chooseSlots(page);
  await form.getByRole('button', { name: 'ORDER FOR COLLECTION' }).click();
  await expect(page).toHaveURL(/\/customer\?/);
  await expect(page.getByRole('complementary')).toContainText(
    'Warrington Crescent, London, W9 1ED',
  );
});

test('the express option asks for a phone call instead of going on', async ({ page }) => {
  await page.goto('/');
  const form = page.locator('form#order');
  await tap(
    form
      .getByRole('group', { name: /^Collection windows, / })
      .getByRole('radio', { disabled: false })
      .first(),
  );
  await tap(
    form.getByRole('group', { name: 'Delivery day' }).getByRole('radio', { name: /Same day/ }),
  );
  await expect(form.getByRole('alert')).toContainText(
    'Please call us at T (020) 7328 5621 for same day service.',
  );
  await expect(form.getByRole('link', { name: 'Call now' })).toHaveAttribute(
    'href',
    'tel:+442073285621',
  );
});
