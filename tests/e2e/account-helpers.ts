import { expect, type Page } from '@playwright/test';
import { firstSlots, orderPayload, signUp } from '@tests/helpers/fixtures';
import type { ApiCaller } from '@tests/helpers/api-caller';

/** Steps of the account pages shared by the browser tests, with and without JavaScript. */

export const password = 'Secret@123';

/** The visible one of the account page's desktop/mobile twins. */
export const visible = (page: Page, label: string) =>
  page.getByLabel(label, { exact: true }).filter({ visible: true });

/** The sign-up form's personal details and both passwords (the address is the test's own). */
export async function fillSignUp(
  page: Page,
  person: { name: string; phone: string; email: string },
  pass = password,
) {
  await page.getByLabel('Full name').fill(person.name);
  await page.getByLabel('Phone').fill(person.phone);
  await page.getByLabel('Email').fill(person.email);
  await page.getByLabel('Password', { exact: true }).fill(pass);
  await page.getByLabel('Confirm password').fill(pass);
}

/** Where Sign Up leads: /login, with the spec's message. */
export async function expectAccountCreated(page: Page) {
  await expect(page).toHaveURL(/\/login\?notice=created$/);
  await expect(
    page.getByText('Your account is successfully created, please login to your account.'),
  ).toBeVisible();
}

/** The two steps of /login; then the account (issue 31: no page to return to). */
export async function logIn(page: Page, email: string, pass = password) {
  await page.goto('/login');
  await page.getByLabel('Email').fill(email);
  await page.getByRole('button', { name: 'Next' }).click();
  await page.getByLabel('Password').fill(pass);
  await page.getByRole('button', { name: 'LOG IN' }).click();
  await expect(page).toHaveURL(/\/account$/);
}

/**
 * A customer signed up and logged in over the API (which sets this browser's session cookie
 * too), with an order placed with that login: its collection the first offered at least
 * `collectionAfterMs` from now.
 */
export async function customerWithOrder(
  caller: ApiCaller,
  who: { name: string; email: string; phone: string },
  order: {
    address: { line1: string; postcode: string };
    door_number?: string;
    access_notes?: string;
    customer_notes?: string;
    collectionAfterMs?: number;
  },
) {
  const { collectionAfterMs = 0, ...details } = order;
  await signUp(caller, who);
  const login = await caller.api<{ token: string }>('/api/login', {
    body: { email: who.email, password },
  });
  const slots = await firstSlots(caller, Date.now() + collectionAfterMs);
  const placed = await caller.api<{ order: { order_id: string; order_no: string } }>(
    '/api/placeorder',
    {
      headers: { Authorization: `Bearer ${login.body.token}` },
      body: orderPayload(
        {
          customer_name: who.name,
          customer_email: who.email,
          customer_phone: who.phone,
          customer_notes: undefined,
          ...details,
        },
        slots,
      ),
    },
  );
  expect(placed.status).toBe(200);
  return { orderId: placed.body.order.order_id, orderNo: placed.body.order.order_no };
}
