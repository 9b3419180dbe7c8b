import { expect, test } from '@playwright/test';
import { staffOpensOrder } from './staff-helpers';
import { E2E_CAPPED_ORDERS } from './e2e-staff';
import { expectNoSeriousA11yViolations, readMail } from './support';

/*
 * Issue 15 in a real browser: staff itemise a capped order above its £30 cap; charging the
 * saved card is refused until the customer approves from the e-mailed link (no login), and
 * then goes through. Staff work at a desk; the customer on the project's viewport.
 */

test('the customer approves from the e-mailed link, then staff can charge', async ({
  page,
  browser,
}, info) => {
  const email = E2E_CAPPED_ORDERS[info.project.name as keyof typeof E2E_CAPPED_ORDERS];

  // ─── Staff itemise above the cap ───
  const { staff, context: staffContext } = await staffOpensOrder(browser, email);
  const orderNo = (await staff.getByRole('heading', { name: /^Order LD-/ }).textContent())!
    .replace('Order ', '')
    .trim();

  await staff
    .getByLabel('Add from the price list')
    .selectOption({ label: 'Two-piece suit (£18.50)' });
  await staff.getByRole('button', { name: 'Add item' }).click();
  await staff.getByLabel('Quantity of Two-piece suit').fill('2');
  await staff.getByRole('button', { name: 'Save items' }).click();
  await expect(staff.getByText(/Items and totals saved\. £37\.00 is above/)).toBeVisible();
  await expect(staff.getByText('awaiting approval', { exact: true })).toBeVisible();

  // The charge waits for the approval, and says so beside the button (walkthrough 5).
  const charge = staff.getByRole('button', { name: 'Charge saved card' });
  await expect(charge).toBeDisabled();
  // …and looks it (walkthrough 5): greyed, with the not-allowed cursor.
  const look = await charge.evaluate((el) => {
    const style = getComputedStyle(el);
    return { cursor: style.cursor, opacity: Number(style.opacity) };
  });
  expect(look.cursor).toBe('not-allowed');
  expect(look.opacity).toBeLessThan(1);
  await expect(charge).toHaveAccessibleDescription(
    'Waiting for the customer to approve £37.00: the card can be charged once they do.',
  );
  expect(orderNo).toMatch(/^LD-/);

  // ─── The customer approves from the e-mail, without logging in ───
  const [mail] = (await readMail(email)).filter((m) => m.subject.startsWith('Please approve'));
  expect(mail!.subject).toBe(`Please approve £37.00 for order ${orderNo}`);
  const link = /(http:\/\/\S+\/order\/approval\/[0-9a-f-]{36}\?t=\S+)/.exec(mail!.text)![1]!;
  await page.goto(new URL(link).pathname + new URL(link).search);
  await expect(page.getByRole('heading', { name: 'Please approve your total' })).toBeVisible();
  await expect(page.getByTestId('approval-total')).toHaveText('£37.00');
  await expectNoSeriousA11yViolations(page);
  await page.getByRole('button', { name: 'Approve £37.00' }).click();
  await expect(page.getByRole('heading', { name: 'Thank you: total approved' })).toBeVisible();
  await expect(page.getByRole('button', { name: /Approve/ })).toHaveCount(0);

  // ─── Staff can now charge ───
  await staff.reload();
  await expect(staff.getByText('awaiting approval', { exact: true })).toHaveCount(0);
  await expect(staff.getByTestId('approval-state')).toContainText('approved');
  await staff.getByRole('button', { name: 'Charge saved card' }).click();
  // The answer shows beside the button that asked, not at the top of the page.
  const invoice = staff.getByRole('heading', { name: 'Saved invoice' }).locator('..');
  await expect(invoice.getByText('£37.00 charged to the card ending 4242.')).toBeVisible();
  await expect(staff.getByTestId('amount-due')).toHaveText('£0.00');
  await staffContext.close();
});
