import { expect, test } from '@playwright/test';
import { E2E_TWO_BRANCHES } from './e2e-staff';
import { expectNoSeriousA11yViolations, waitForHydration } from './support';

/*
 * The counter (issue 32, decision 049) on a 1024 × 768 tablet in landscape: a member of staff
 * of Maida Vale (the seed's counter branch) adds a new walk-in customer, taps two shirts and
 * an item onto a ticket, takes £50 in cash, sees the change, and opens the receipt's PDF.
 */

test.use({ viewport: { width: 1024, height: 768 } });
test.skip(({ isMobile }) => isMobile, 'the counter is a tablet in landscape or a desk');

test('a walk-in ticket for a new customer, paid in cash with change; the receipt is a PDF', async ({
  page,
}, testInfo) => {
  await page.goto('/admin/login?from=/admin/counter');
  await page.getByLabel('E-mail').fill(E2E_TWO_BRANCHES.email);
  await page.getByLabel('Password').fill(E2E_TWO_BRANCHES.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(
    page.getByRole('heading', { name: 'Which branch are you working in?' }),
  ).toBeVisible();
  await page.getByRole('button', { name: 'Maida Vale' }).click();
  await expect(page.getByRole('heading', { name: /Counter/ })).toBeVisible();
  await waitForHydration(page);
  // The find box has the focus, for the scanner.
  await expect(page.getByLabel('Find a customer or scan a ticket')).toBeFocused();

  const phone = `07700 9${String(Date.now()).slice(-5)}`;
  await page.getByRole('button', { name: '+ New walk-in customer' }).click();
  await page.getByLabel('Name').fill('Wendy Walkin');
  await page.getByLabel('Mobile').fill(phone);
  await page.getByRole('button', { name: 'Add walk-in customer' }).click();
  await expect(page.getByTestId('ticket-customer')).toContainText('Wendy Walkin');

  // Two of the first priced item of the first category, by touch and by keyboard.
  const tiles = page.getByRole('tabpanel').getByRole('button');
  const priced = tiles.filter({ hasText: '£' }).first();
  await priced.click();
  await priced.focus();
  await page.keyboard.press('Enter');
  const lines = page.getByRole('list', { name: 'Items on the ticket' });
  await expect(lines.getByText('2', { exact: true })).toBeVisible();
  await lines.getByRole('textbox').last().fill('Missing top button');

  await page.getByRole('radio', { name: 'Cash now' }).check({ force: true });
  await page.getByLabel('Cash tendered (£)').fill('50.00');
  const total = (await page.getByTestId('ticket-total').textContent())!;
  const totalPence = Math.round(Number(total.replace('£', '')) * 100);
  const change = `£${((5000 - totalPence) / 100).toFixed(2)}`;
  await expect(page.getByTestId('change-due')).toHaveText(change);
  await expectNoSeriousA11yViolations(page);
  await page.screenshot({ path: testInfo.outputPath('counter-1024x768.png') });
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.screenshot({ path: testInfo.outputPath('counter-1280x800.png') });
  await page.setViewportSize({ width: 1024, height: 768 });

  await page.getByRole('button', { name: /Raise ticket/ }).click();
  await expect(page.getByText('Ticket raised')).toBeVisible();
  await expect(page.getByTestId('ticket-change')).toHaveText(change);
  await page.screenshot({ path: testInfo.outputPath('counter-raised-1024x768.png') });
  const number = (await page.getByRole('heading', { level: 2 }).textContent())!;
  expect(number).toMatch(/^[A-Z]+-\d+$/);

  const receipt = page.getByRole('link', { name: 'Print receipt' });
  const href = (await receipt.getAttribute('href'))!;
  const pdf = await page.request.get(href);
  expect(pdf.status()).toBe(200);
  expect(pdf.headers()['content-type']).toBe('application/pdf');
  const body = await pdf.body();
  expect(body.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  expect(body.toString('latin1')).toContain(`Ticket ${number}`);
  const [popup] = await Promise.all([page.waitForEvent('popup'), receipt.click()]);
  await expect(popup).toHaveURL(new RegExp(`${href}$`));
  await popup.close();

  // The next customer brings a ticket: the scanner types its number and Enter into the find
  // box, which has the focus, and the order opens.
  await page.getByRole('button', { name: 'Next customer' }).click();
  const find = page.getByLabel('Find a customer or scan a ticket');
  await expect(find).toBeFocused();
  await page.keyboard.type(number);
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/admin\/orders\/[0-9a-f-]{36}$/);
  await expect(page.getByRole('heading', { level: 1 })).toContainText(number);
  await page.screenshot({
    path: testInfo.outputPath('counter-ticket-order-1024x768.png'),
    fullPage: true,
  });
});
