import { expect, test } from '@playwright/test';
import { bookFromHome } from './booking-helpers';
import { staffOpensOrder } from './staff-helpers';
import { expectNoSeriousA11yViolations } from './support';

/*
 * Issue 15, before booking: a guest says what they are sending on the order summary, sees the
 * estimate (with the £25 minimum and the call-for-price rule) and the default price cap, which
 * follows the estimate until they change it; the order keeps both, and staff see them at
 * intake. On both projects (desktop and the 375 px phone).
 */

test('a guest states items, sees the estimate and the default cap, changes the cap, and staff see both', async ({
  page,
  browser,
}, testInfo) => {
  const email = `estimate-${testInfo.project.name}-${Date.now()}@example.com`;
  await bookFromHome(page);
  await page.getByLabel('Full name').fill('Ada Lovelace');
  await page.getByLabel('Phone').fill('07700 900123');
  await page.getByLabel('E-mail').fill(email);
  await page.getByRole('button', { name: 'Guest Checkout' }).click();
  await expect(page.getByRole('heading', { name: 'Order Summary' })).toBeVisible();

  const section = page.locator('section[aria-labelledby="estimate-title"]');
  const total = section.getByTestId('estimate-total');
  const cap = page.getByLabel('Charge my card automatically up to');
  await expect(section.getByRole('heading', { name: 'What are you sending?' })).toBeVisible();
  // Nothing listed yet: the not-sure cap.
  await expect(cap).toHaveValue('40');
  // How the final price is worked out, beside the summary.
  await expect(
    page.getByRole('heading', { name: 'How your final price is worked out' }),
  ).toBeVisible();

  const add = async (item: string, quantity: string) => {
    await section.getByLabel('Add an item from the price list').selectOption({ label: item });
    await section.getByLabel('Quantity', { exact: true }).fill(quantity);
    await section.getByRole('button', { name: 'Add', exact: true }).click();
  };

  // One shirt: below the minimum, so the estimate is £25 and says why.
  await add('Shirt on hanger (£3.50)', '1');
  await expect(total).toContainText('£25.00');
  await expect(total).toContainText('Your items come to £3.50: the £25 minimum order applies.');
  await expect(cap).toHaveValue('25');

  // Four shirts and a suit: £32.50, the cap rounded up to £35; a kilt is priced at the shop.
  await section.getByLabel('Quantity of Shirt on hanger').fill('4');
  await add('Two-piece suit (£18.50)', '1');
  await add('Kilt (call for price)', '1');
  await expect(total).toContainText('£32.50');
  await expect(total).not.toContainText('minimum');
  await expect(total).toContainText('Kilt: priced at the shop; not in the estimate.');
  await expect(cap).toHaveValue('35');
  await expect(
    page.getByText('Suggested: £35, your estimate rounded up to the next £5.'),
  ).toBeVisible();

  // Removing a line updates the estimate at once.
  await section.getByRole('button', { name: 'Remove Kilt' }).click();
  await expect(section.getByText('Kilt', { exact: true })).toHaveCount(0);
  await expect(total).toContainText('£32.50');

  // The cap may not go below the minimum; the customer's own cap then stays.
  await cap.fill('20');
  await expect(page.getByText('The cap cannot be below the £25 minimum order.')).toBeVisible();
  await expect(cap).toHaveAttribute('aria-invalid', 'true');
  await cap.fill('50');
  await expect(page.getByText('The cap cannot be below the £25 minimum order.')).toHaveCount(0);
  await section.getByLabel('Quantity of Shirt on hanger').fill('5');
  await expect(total).toContainText('£36.00');
  await expect(cap).toHaveValue('50');
  await expectNoSeriousA11yViolations(page);

  await page.getByRole('button', { name: 'Place Order' }).click();
  await expect(page).toHaveURL(/\/order\/complete\/[0-9a-f-]{36}$/);
  const orderNo = (await page.locator('dd').first().innerText()).trim();
  const confirmation = page.getByRole('region', { name: 'Your estimate' });
  await expect(confirmation).toContainText('5 × Shirt on hanger');
  await expect(confirmation.getByTestId('estimate-total-value')).toHaveText('£36.00');
  await expect(confirmation.getByTestId('price-cap-value')).toHaveText('£50.00');

  // ─── Staff at intake ───
  const { staff, context: staffContext } = await staffOpensOrder(browser, orderNo);
  await expect(staff.getByRole('heading', { name: `Order ${orderNo}` })).toBeVisible();
  const stated = staff.getByRole('region', { name: 'Stated at booking' });
  await expect(stated).toContainText('5 × Shirt on hanger');
  await expect(stated).toContainText('1 × Two-piece suit');
  await expect(stated.getByTestId('estimate-total-value')).toHaveText('£36.00');
  await expect(stated.getByTestId('price-cap-value')).toHaveText('£50.00');
  await expect(stated).toContainText(
    'Charge the card automatically up to £50.00; above that, ask the customer first.',
  );
  await staffContext.close();
});
