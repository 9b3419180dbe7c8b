import { expect, test } from '@playwright/test';
import { firstSlots } from '@tests/helpers/fixtures';
import { callerOf } from './booking-helpers';

/*
 * Issue 15 with JavaScript switched off (decision 018): the order summary's estimate and
 * price cap are plain form posts to the checkout's action. Adding, removing and updating
 * lines come back with the estimate worked out on the server; a bad cap is refused next to
 * its field with what was listed kept; the order keeps the estimate and the cap.
 */
test.use({ javaScriptEnabled: false });

test('without JavaScript a guest lists items, sees the estimate and cap, and orders', async ({
  page,
}, testInfo) => {
  const { pickup, delivery } = await firstSlots(callerOf(page.request));
  const booking = new URLSearchParams({
    line1: '31 Warrington Crescent',
    postcode: 'W9 1ED',
    door: 'Flat 2',
    pickup: `${pickup.slot_date} ${pickup.slot_start}`,
    delivery: `${delivery.slot_date} ${delivery.slot_start}`,
  });
  await page.goto(`/customer?${booking}`);
  await page.getByLabel('Full name').fill('Ada Lovelace');
  await page.getByLabel('Phone').fill('07700 900123');
  await page
    .getByLabel('E-mail')
    .fill(`nojs-estimate-${testInfo.project.name}-${Date.now()}@example.com`);
  await page.getByRole('button', { name: 'Guest Checkout' }).click();
  await expect(page.getByRole('heading', { name: 'Order Summary' })).toBeVisible();

  const total = page.getByTestId('estimate-total');
  const cap = page.getByLabel('Charge my card automatically up to');
  await expect(cap).toHaveValue('40');
  await expect(
    page.getByRole('heading', { name: 'How your final price is worked out' }),
  ).toBeVisible();

  // "Not sure" is a post too.
  await page.getByLabel(/Not sure/).check();
  await page.getByRole('button', { name: 'Update estimate', exact: true }).click();
  await expect(total).toHaveText('No estimate: we count and price your items at the shop.');
  await expect(page.getByLabel('Add an item from the price list')).toHaveCount(0);
  await page.getByLabel(/Not sure/).uncheck();
  await page.getByRole('button', { name: 'Update estimate', exact: true }).click();

  const add = async (item: string, quantity: string) => {
    await page.getByLabel('Add an item from the price list').selectOption({ label: item });
    await page.getByLabel('Quantity', { exact: true }).fill(quantity);
    await page.getByRole('button', { name: 'Add', exact: true }).click();
    await expect(page.getByRole('heading', { name: 'Order Summary' })).toBeVisible();
  };
  await add('Shirt on hanger (£3.50)', '2');
  await expect(total).toContainText('£25.00');
  await expect(total).toContainText('Your items come to £7.00: the £25 minimum order applies.');
  await expect(cap).toHaveValue('25');

  await add('Two-piece suit (£18.50)', '1');
  await add('Kilt (call for price)', '1');
  await expect(total).toContainText('£25.50');
  await expect(total).toContainText('Kilt: priced at the shop; not in the estimate.');
  await expect(cap).toHaveValue('30');
  await page.getByRole('button', { name: 'Remove Kilt' }).click();
  await expect(total).not.toContainText('Kilt');

  // A wrong quantity is refused on its line; corrected, the cap follows the new estimate.
  await page.getByLabel('Quantity of Shirt on hanger').fill('0');
  await page.getByRole('button', { name: 'Update estimate', exact: true }).click();
  await expect(page.getByText('Enter a quantity from 1 to 99.')).toBeVisible();
  await page.getByLabel('Quantity of Shirt on hanger').fill('4');
  await page.getByRole('button', { name: 'Update estimate', exact: true }).click();
  await expect(total).toContainText('£32.50');
  await expect(cap).toHaveValue('35');

  // A cap below the minimum is refused, what was listed kept.
  await cap.fill('20');
  await page.getByRole('button', { name: 'Place Order' }).click();
  await expect(page.getByText('The cap cannot be below the £25 minimum order.')).toBeVisible();
  await expect(page.getByLabel('Quantity of Shirt on hanger')).toHaveValue('4');
  await expect(cap).toHaveValue('20');
  await cap.fill('45');
  await page.getByRole('button', { name: 'Place Order' }).click();

  await expect(page).toHaveURL(/\/order\/complete\/[0-9a-f-]{36}$/);
  const estimate = page.getByRole('region', { name: 'Your estimate' });
  await expect(estimate).toContainText('4 × Shirt on hanger');
  await expect(estimate).toContainText('1 × Two-piece suit');
  await expect(estimate.getByTestId('estimate-total-value')).toHaveText('£32.50');
  await expect(estimate.getByTestId('price-cap-value')).toHaveText('£45.00');
});
