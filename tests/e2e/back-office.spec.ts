import { expect, test, type APIRequestContext } from '@playwright/test';
import { firstSlots, placeOrder, signUp } from '@tests/helpers/fixtures';
import { callerOf } from './booking-helpers';
import { E2E_STAFF } from './e2e-staff';
import { expectNoSeriousA11yViolations, ownAddress, readMail } from './support';

// Sign-ins from this spec's own address (support.ts).
test.use(ownAddress(101));

/*
 * Issue 7's proof in a real browser: a customer books; a member of staff collects, itemises
 * and invoices the order in the back office; the customer sees the amount due in their
 * account and pays it with a TEST MODE card; staff see it paid.
 */

test.skip(({ viewport }) => (viewport?.width ?? 0) < 1000, 'the back office is run from a desk');

async function bookAsCustomer(request: APIRequestContext, email: string) {
  const caller = callerOf(request);
  const customer = { name: 'Ada Lovelace', email, phone: '07700 900123', password: 'Secret123!' };
  const { checkout_token } = await signUp(caller, customer);
  const { order } = await placeOrder(caller, {
    checkoutToken: checkout_token!,
    order: { customer_name: customer.name, customer_email: email, customer_phone: customer.phone },
    slots: await firstSlots(caller),
  });
  const login = await request.post('/api/login', { data: { email, password: 'Secret123!' } });
  expect(login.status()).toBe(200);
  return order;
}

test('staff collect, itemise and invoice an order; the customer pays the amount due', async ({
  page,
  browser,
}) => {
  const email = `backoffice-${Date.now()}@example.com`;
  const order = await bookAsCustomer(page.request, email);
  const orderNo = String(order.order_no).startsWith('LD-')
    ? order.order_no
    : `LD-${order.order_no}`;

  // ─── Staff ───
  const staffContext = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const staff = await staffContext.newPage();
  await staff.goto('/admin');
  await expect(staff).toHaveURL(/\/admin\/login/);
  await staff.getByLabel('E-mail').fill(E2E_STAFF.email);
  await staff.getByLabel('Password').fill('wrong password');
  await staff.getByRole('button', { name: 'Sign in' }).click();
  await expect(staff.getByRole('alert')).toHaveText('The e-mail or password is not correct.');
  await staff.getByLabel('Password').fill(E2E_STAFF.password);
  await staff.getByRole('button', { name: 'Sign in' }).click();
  await expect(staff.getByRole('heading', { name: 'Orders board' })).toBeVisible();
  // Staff do not see the owner's pages.
  await expect(staff.getByRole('link', { name: 'Audit log' })).toHaveCount(0);
  await expectNoSeriousA11yViolations(staff);

  await staff.getByRole('link', { name: 'Orders', exact: true }).click();
  await staff.getByLabel('Order number, name, e-mail or postcode').fill(orderNo);
  await staff.getByRole('button', { name: 'Search' }).click();
  // An order number opens its order at once (walkthrough 20).
  await expect(staff.getByRole('heading', { name: `Order ${orderNo}` })).toBeVisible();

  await staff.getByRole('button', { name: 'Mark collected' }).click();
  await expect(staff.getByText(`${orderNo} is now collected.`)).toBeVisible();
  await staff.getByRole('button', { name: 'Start cleaning' }).click();
  await expect(staff.getByText(`${orderNo} is now cleaning.`)).toBeVisible();

  await staff
    .getByLabel('Add from the price list')
    .selectOption({ label: 'Two-piece suit (£18.50)' });
  await staff.getByRole('button', { name: 'Add item' }).click();
  await staff.getByLabel('Quantity of Two-piece suit').fill('2');
  await staff.getByRole('button', { name: 'Save items' }).click();
  await expect(staff.getByText('Items and totals saved.')).toBeVisible();
  await expect(staff.getByTestId('amount-due')).toHaveText('£37.00');
  await expectNoSeriousA11yViolations(staff);
  await staff.screenshot({ path: 'test-results/back-office/order-1280.png', fullPage: true });

  await staff.getByRole('button', { name: 'E-mail invoice' }).click();
  await expect(staff.getByText(`Invoice for ${orderNo} e-mailed to ${email}.`)).toBeVisible();
  const invoiceSubject = (m: { subject: string }) =>
    m.subject.startsWith(`Invoice for order ${orderNo}`);
  await expect.poll(async () => (await readMail(email)).some(invoiceSubject)).toBe(true);
  const mails = await readMail(email);
  const invoice = mails.find(invoiceSubject);
  expect(invoice?.text).toContain('2 × Two-piece suit');
  expect(invoice?.text).toContain('£37.00');
  // The mails leave the outbox on their own: the collection's may come after the invoice's.
  const collectedSubject = `We have collected your order ${orderNo}`;
  await expect
    .poll(async () => (await readMail(email)).some((m) => m.subject === collectedSubject))
    .toBe(true);

  // ─── Customer ───
  await page.goto('/account/orders');
  await page
    .getByRole('link', { name: new RegExp(`^(View order )?${orderNo}\\b`) })
    .filter({ visible: true })
    .click();
  await expect(page.getByText('£37.00').first()).toBeVisible();
  await page.getByRole('link', { name: 'Pay Now' }).click();
  await expect(page.getByRole('heading', { name: `Pay for ${orderNo}: £37.00 due` })).toBeVisible();
  await page.getByLabel('Card number').fill('4242 4242 4242 4242');
  await page.getByLabel('Expiry (MM / YY)').fill('12 / 34');
  await page.getByLabel('Security code').fill('123');
  await page.getByRole('button', { name: 'Pay £37.00' }).click();
  await expect(page).toHaveURL(/\/payment\/complete\//);
  await expect(page.getByText('Your Payment is confirmed!')).toBeVisible();

  // ─── Staff see it paid ───
  await staff.reload();
  await expect(staff.getByTestId('amount-due')).toHaveText('£0.00');
  await expect(staff.getByText(/charge · test · £37\.00 · succeeded/)).toBeVisible();
  // The VAT invoice and the receipt, as PDFs; refunds are the owner's, not staff's.
  await expect(staff.getByRole('link', { name: /VAT invoice INV-\d{6}/ })).toBeVisible();
  const receipt = staff.getByRole('link', { name: /Receipt/ });
  await expect(receipt).toBeVisible();
  const pdf = await staff.request.get((await receipt.getAttribute('href'))!);
  expect(pdf.headers()['content-type']).toBe('application/pdf');
  await expect(staff.getByText('Refund', { exact: true })).toHaveCount(0);
  await staff.screenshot({ path: 'test-results/back-office/order-paid-1280.png', fullPage: true });
  await staffContext.close();
});

test('a customer session cannot open the back office', async ({ page }) => {
  await bookAsCustomer(page.request, `nosy-${Date.now()}@example.com`);
  const reply = await page.request.get('/api/admin/board');
  expect(reply.status()).toBe(403);
  await page.goto('/admin/orders');
  await expect(page).toHaveURL(/\/admin\/login\?from=%2Fadmin%2Forders/);
});
