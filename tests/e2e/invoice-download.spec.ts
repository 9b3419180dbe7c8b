import { expect, test } from '@playwright/test';
import { firstSlots, placeOrder, signUp } from '@tests/helpers/fixtures';
import { callerOf } from './booking-helpers';
import { E2E_STAFF } from './e2e-staff';
import { ownAddress } from './support';

// Sign-ins from this spec's own address (support.ts).
test.use(ownAddress(108));

/*
 * Issue 15: the customer downloads the VAT invoice from the order in their account, on a
 * phone (375 px) and at a desk (1280 px): the link is on the order, and it is the PDF.
 */

test('the customer downloads the VAT invoice from the order in the account', async ({
  page,
  playwright,
  baseURL,
}, info) => {
  const email = `invoice-${info.project.name}-${Date.now()}@example.com`;
  const caller = callerOf(page.request);
  const { checkout_token } = await signUp(caller, { email, password: 'Secret123!' });
  const { order } = await placeOrder(caller, {
    checkoutToken: checkout_token!,
    order: { customer_email: email },
    slots: await firstSlots(caller),
  });
  // The browser's session: the customer logged in.
  const login = await page.request.post('/api/login', { data: { email, password: 'Secret123!' } });
  expect(login.status()).toBe(200);

  // Staff collect, itemise and invoice it (through the back office's API).
  const staff = await playwright.request.newContext({ baseURL });
  const token = (
    await (
      await staff.post('/api/admin/login', {
        data: { email: E2E_STAFF.email, password: E2E_STAFF.password },
      })
    ).json()
  ).token as string;
  const headers = { Authorization: `Bearer ${token}`, Origin: baseURL! };
  const id = order.order_id;
  for (const to of ['collected', 'cleaning']) {
    const moved = await staff.post(`/api/admin/orders/${id}/status`, { data: { to }, headers });
    expect(moved.status(), `move to ${to}`).toBe(200);
  }
  const list = (await (await staff.get('/api/pricelist')).json()) as {
    services: { id: number; service_name: string }[];
  }[];
  const serviceId = list
    .flatMap((c) => c.services)
    .find((s) => s.service_name === 'Two-piece suit')!.id;
  const items = await staff.put(`/api/admin/orders/${id}/items`, {
    data: { lines: [{ service_id: serviceId, quantity: 2 }] },
    headers,
  });
  expect(items.status()).toBe(200);
  expect((await staff.post(`/api/admin/orders/${id}/invoice`, { headers })).status()).toBe(200);
  await staff.dispose();

  await page.goto('/account');
  if ((page.viewportSize()?.width ?? 0) >= 1060) {
    await page.getByRole('link', { name: `View order ${order.order_no}` }).click();
  } else {
    // The phone's account: the menu, then the list of orders, then the order (decision 038).
    await page
      .getByRole('navigation', { name: 'Account menu' })
      .getByRole('link', { name: 'Orders' })
      .click();
    await expect(page).toHaveURL(/\/account\/orders$/);
    await page.getByRole('link', { name: new RegExp(`^${order.order_no}\\b`) }).click();
  }
  await expect(page).toHaveURL(new RegExp(`/account/orders/${id}$`));
  const link = page.getByRole('link', { name: /VAT invoice INV-\d{6}/ });
  await expect(link).toBeVisible();
  await link.scrollIntoViewIfNeeded();
  await page.screenshot({
    path: `test-results/invoice-download/account-order-${info.project.name}.png`,
  });
  const href = await link.getAttribute('href');
  expect(href).toMatch(new RegExp(`^/account/orders/${id}/documents/INV-\\d{6}$`));
  const pdf = await page.request.get(href!);
  expect(pdf.status()).toBe(200);
  expect(pdf.headers()['content-type']).toBe('application/pdf');
  expect((await pdf.body()).subarray(0, 5).toString()).toBe('%PDF-');
});
