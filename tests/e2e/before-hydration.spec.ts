import { holdHydration, waitForHydration } from './support';
import { expect, test } from '@playwright/test';
import { customerWithOrder } from './account-helpers';
import { anotherDay, callerOf, checkedSlot, shownWindows, tap } from './booking-helpers';

/*
 * What a visitor on a slow phone does before the page's scripts have run: typing and choosing
 * in the server's HTML. Hydration takes it over instead of starting from empty state (which
 * filtered nothing, put the address search over a half-typed address, and forgot the slot).
 */

test('areas: a search typed before hydration filters once the page hydrates', async ({ page }) => {
  const release = await holdHydration(page);
  await page.goto('/areas');
  await page.getByLabel(/Search by area name/).fill('chel');
  const main = page.locator('main');
  // Not filtered yet: the filter is the page's script.
  await expect(main.getByRole('link', { name: 'Hampstead NW3' })).toBeVisible();
  release();
  await expect(main.getByRole('link', { name: 'Hampstead NW3' })).toHaveCount(0);
  await expect(main.getByRole('link', { name: 'Chelsea SW3' })).toBeVisible();
  await expect(page.getByLabel(/Search by area name/)).toHaveValue('chel');
});

test('booking form: an address, door and collection entered before hydration are kept', async ({
  page,
}) => {
  const release = await holdHydration(page);
  await page.goto('/');
  const form = page.locator('form#order');
  await form.getByLabel('Building number and street').fill('31 Warrington Crescent');
  await form.getByLabel('Postcode').fill('W9 1ED');
  await form.getByLabel('Door number').fill('Flat 2');
  // The slot picker's windows are radios of the form (decision 048).
  // Another day than the one the picker opens on: late in the day, today has one window left.
  await tap(anotherDay(page, 'Collection day'));
  const pickup = shownWindows(page, 'Collection').getByRole('radio', { disabled: false }).nth(1);
  await tap(pickup);
  const chosen = await pickup.inputValue();
  await expect(form.getByRole('group', { name: 'Delivery day' })).toHaveCount(0);
  release();
  // Hydrated: the delivery slots of the chosen collection come without a round trip.
  await expect(
    form
      .getByRole('group', { name: /^Delivery windows, / })
      .getByRole('radio')
      .first(),
  ).toBeAttached();
  await expect(checkedSlot(page, 'pickup')).toHaveValue(chosen);
  await expect(form.getByLabel('Building number and street')).toHaveValue('31 Warrington Crescent');
  await expect(form.getByLabel('Postcode')).toHaveValue('W9 1ED');
  await expect(form.getByLabel('Door number')).toHaveValue('Flat 2');
  await expect(form.getByRole('combobox', { name: 'Your address or postcode' })).toHaveCount(0);
});

test('log in: an e-mail typed before hydration is kept for the password step', async ({ page }) => {
  const release = await holdHydration(page);
  await page.goto('/login');
  await page.getByLabel('Email').fill('typed-early@example.com');
  release();
  await waitForHydration(page);
  // The page's first renders after hydration leave the typed address in place.
  await expect(page.getByLabel('Email')).toHaveValue('typed-early@example.com');
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByLabel('Password')).toBeVisible();
  await expect(page.getByText('typed-early@example.com')).toBeVisible();
});

test('an order cancelled before hydration: Cancel Order, then Yes, cancel order, as plain forms', async ({
  page,
}, testInfo) => {
  // A collection at least six hours away: well inside the two hours' cancelling rule.
  const { orderId, orderNo } = await customerWithOrder(
    callerOf(page.request),
    {
      name: 'Ada Early',
      email: `cancel-early-${testInfo.project.name}@example.com`,
      phone: '07700 900457',
    },
    {
      address: { line1: '3 Fortune Green Road', postcode: 'NW6 1DT' },
      collectionAfterMs: 6 * 60 * 60 * 1000,
    },
  );

  // The page's scripts never run in this test: each tap is the browser's own form.
  const release = await holdHydration(page);
  await page.goto(`/account/orders/${orderId}`);
  const detail = page
    .locator('section')
    .filter({ visible: true })
    .filter({ hasText: 'Payment method' });
  await detail.getByRole('button', { name: 'Cancel Order' }).click();
  await expect(page).toHaveURL(/\?cancel=$/);
  await detail.getByRole('button', { name: 'Yes, cancel order' }).click();
  await expect(detail).toContainText(
    `Order ${orderNo} is cancelled. We have e-mailed you a confirmation.`,
  );
  await expect(detail).toContainText('cancelled');
  await expect(detail.getByRole('button', { name: 'Cancel Order' })).toHaveCount(0);
  release();
});
