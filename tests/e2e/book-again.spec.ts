import { expect, test, type Page } from '@playwright/test';
import { customerWithOrder } from './account-helpers';
import { callerOf, chooseSlotsWithPicker } from './booking-helpers';
import { expectNoSeriousA11yViolations } from './support';

/*
 * Issue 18 (decision 034), at 375 and 1280 px: a customer with a past order saves an address
 * in the account, books again from that order, picks the saved address on the home form,
 * chooses the slots with the native selects and places the order; the confirmation shows the
 * address with its flat and access notes.
 */

const shots = 'test-results/book-again';

async function openBookAgain(page: Page, orderNo: string) {
  await page.goto('/account/orders');
  const desktop = page.getByRole('link', { name: `Book again: order ${orderNo}` });
  if (await desktop.isVisible()) {
    await desktop.click();
    return;
  }
  // On a phone: the order's card opens its own page (decision 038), which has "Book again".
  // Its name starts with what it shows, and an order not priced yet says so, not £0.00
  // (walkthrough 17).
  const card = page.getByRole('link', { name: new RegExp(`^${orderNo}\\b`) });
  await expect(card).toContainText('Not priced yet');
  await expect(card).not.toContainText('£0.00');
  await expectNoSeriousA11yViolations(page);
  await card.click();
  await page.getByRole('link', { name: 'Book again' }).click();
}

test('book again from a saved address and place the order', async ({ page }, testInfo) => {
  const width = testInfo.project.name;
  const email = `again-${width}@example.com`;
  // A past order, placed over the API with her login.
  const { orderNo } = await customerWithOrder(
    callerOf(page.request),
    { name: 'Ada Again', email, phone: '07700 900456' },
    {
      customer_notes: 'Two suits, one shirt',
      address: { line1: '1 Fortune Green Road', postcode: 'NW6 1DT' },
      door_number: 'Flat 9',
      access_notes: 'Buzz 9',
    },
  );

  // The API's login set the session cookie of this browser context too: she is logged in.

  // The address book: add Work with its flat, building and access notes.
  await page.goto('/account/addresses');
  await expect(page.getByRole('heading', { name: 'Your addresses' })).toBeVisible();
  const form = page.locator('#address-form');
  await form.getByLabel('Label').fill('Work');
  await form.getByLabel('Flat or door').fill('Flat 2');
  await form.getByLabel('Building name').fill('Elgin Court');
  await form.getByLabel('Building number and street').fill('7 Elgin Avenue');
  await form.getByLabel('Postcode').fill('w9 2hd');
  await form.getByLabel('Access notes').fill('Gate code 1234');
  await form.getByRole('button', { name: 'Save address' }).click();
  await expect(page.getByText('The address is saved in your address book.')).toBeVisible();
  const book = page.getByRole('list', { name: 'Saved addresses' });
  await expect(book).toContainText('Flat 2, Elgin Court');
  await expect(book).toContainText('Access: Gate code 1234');
  await page.screenshot({ path: `${shots}/account-addresses-${width}.png`, fullPage: true });

  // Book again: the earlier order's address, flat and access notes are chosen.
  await openBookAgain(page, orderNo);
  await expect(page).toHaveURL(/\/\?again=/);
  const home = page.locator('form#order');
  await expect(home.getByText('Your saved addresses')).toBeVisible();
  await expect(home.getByRole('radio', { name: /Flat 9, 1 Fortune Green Road/ })).toBeChecked();
  await expect(home.getByText('Access notes: Buzz 9')).toBeVisible();

  // Pick the address saved in the account instead.
  await home.getByRole('radio', { name: /Work/ }).check();
  await expect(home.getByLabel('Door number')).toHaveValue('Flat 2');
  await expect(home).toContainText('Flat 2, Elgin Court, 7 Elgin Avenue, London, W9 2HD');
  await expect(home.getByText('Access notes: Gate code 1234')).toBeVisible();
  await home.scrollIntoViewIfNeeded();
  await home.screenshot({ path: `${shots}/home-saved-addresses-${width}.png` });
  // Issue 18: the slots from the picker made for a phone.
  const chosen = await chooseSlotsWithPicker(page);
  await page.getByRole('button', { name: 'ORDER FOR COLLECTION' }).click();
  // Issue 31: the order booked again goes with it, for the estimate to start from.
  await expect(page).toHaveURL(/\/customer\?.*again=[0-9a-f-]{36}/);
  const summary = page.getByRole('complementary');
  await expect(summary).toContainText('Flat 2, Elgin Court, 7 Elgin Avenue');
  await expect(summary).toContainText('Gate code 1234');
  await expect(summary).toContainText(chosen.pickup);
  await page.getByRole('button', { name: 'Place Order' }).click();

  await expect(page).toHaveURL(/\/order\/complete\/[0-9a-f-]{36}$/);
  const main = page.locator('main');
  await expect(main).toContainText('Flat 2, Elgin Court');
  await expect(main).toContainText('7 Elgin Avenue');
  await expect(main).toContainText('Gate code 1234');

  // Garment care, shown to the driver and the shop with her orders.
  await page.goto('/account/preferences');
  await page.getByLabel('Folded').check();
  await page.getByLabel('Starch').selectOption('light');
  await page.getByLabel('No plastic covers').check();
  await page.getByLabel('Access and handover instructions').fill('Leave with the concierge');
  await page.getByRole('button', { name: 'Save preferences' }).click();
  await expect(page.getByText('Your garment care preferences are saved.')).toBeVisible();
  await expect(page.getByLabel('Folded')).toBeChecked();
  await expect(page.getByLabel('Starch')).toHaveValue('light');
  await page.screenshot({ path: `${shots}/account-preferences-${width}.png`, fullPage: true });
});
