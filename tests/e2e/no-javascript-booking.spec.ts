import { expect, test } from '@playwright/test';
import { readMail } from './support';

/*
 * Issue 14: the whole guest journey with JavaScript switched off, as GOV.UK services work:
 * the home form with the address typed by hand, a round trip for the delivery slots, the
 * details, the summary, Place Order and the confirmation. Every step is a plain form submit.
 */
test.use({ javaScriptEnabled: false });

test('a guest books and orders with JavaScript off', async ({ page }, testInfo) => {
  const email = `nojs-${testInfo.project.name}-${Date.now()}@example.com`;
  await page.goto('/');
  const form = page.locator('form#order');
  // Without scripts the address is typed by hand; the search combobox is not offered.
  await expect(form.getByRole('combobox', { name: 'Your address or postcode' })).toHaveCount(0);
  await form.getByLabel('Building number and street').fill('31 Warrington Crescent');
  await form.getByLabel('Postcode').fill('w9 1ed');
  await form.getByLabel('Door number').fill('Flat 2');
  const pickup = form.getByLabel('Collection slot');
  await pickup.selectOption({ index: 1 });
  const pickupText = (await pickup.locator('option:checked').innerText()).trim();
  await expect(form.getByLabel('Delivery slot')).toBeDisabled();
  await form.getByRole('button', { name: 'ORDER FOR COLLECTION' }).click();

  // The first submit brings the delivery slots for that collection, and nothing else is wrong.
  await expect(page).toHaveURL(/\/customer\?/);
  const again = page.locator('form#order');
  await expect(again.getByLabel('Collection slot').locator('option:checked')).toHaveText(
    pickupText,
  );
  await expect(again.locator('.field-error')).toHaveCount(0);
  const delivery = again.getByLabel('Delivery slot');
  await expect(delivery).toBeEnabled();
  // Option 1 is Express (booked by phone); option 2 is the first ordinary delivery.
  await delivery.selectOption({ index: 2 });
  const deliveryText = (await delivery.locator('option:checked').innerText()).trim();
  await again.getByRole('button', { name: 'ORDER FOR COLLECTION' }).click();

  // Step 1: details, with the booking beside them.
  await expect(page.getByRole('heading', { name: 'Customer Details' })).toBeVisible();
  const summary = page.getByRole('complementary');
  await expect(summary).toContainText('Flat 2, 31 Warrington Crescent');
  await expect(summary).toContainText('W9 1ED');
  await expect(summary).toContainText(pickupText);
  await expect(summary).toContainText(deliveryText);

  // A bad phone number comes back as a field error, with what was typed kept.
  await page.getByLabel('Full name').fill('Ada Lovelace');
  await page.getByLabel('Phone').fill('12345');
  await page.getByLabel('E-mail').fill(email);
  await page.getByRole('button', { name: 'Guest Checkout' }).click();
  await expect(page.getByText('Please provide valid UK mobile number')).toBeVisible();
  await expect(page.getByLabel('Full name')).toHaveValue('Ada Lovelace');
  await expect(page.getByLabel('Phone')).toHaveAttribute('aria-invalid', 'true');

  await page.getByLabel('Phone').fill('07700 900123');
  await page.getByRole('button', { name: 'Guest Checkout' }).click();

  // Step 2: the summary, then Place Order.
  await expect(page.getByRole('heading', { name: 'Order Summary' })).toBeVisible();
  await expect(page.locator('main')).toContainText('Ada Lovelace');
  await expect(page.getByText('Minimum Order £25')).toBeVisible();
  await page.getByRole('button', { name: 'Place Order' }).click();

  await expect(page).toHaveURL(/\/order\/complete\/[0-9a-f-]{36}$/);
  await expect(page.getByRole('heading', { name: /your order is booked/ })).toBeVisible();
  const number = (await page.locator('dd').first().innerText()).trim();
  expect(number).toMatch(/^LD-\d{6}$/);
  const [mail] = await readMail(email);
  expect(mail!.subject).toContain(number);
  expect(mail!.text).toContain('31 Warrington Crescent');
});

test('without JavaScript the booking form says what is missing, as the spec words it', async ({
  page,
}) => {
  await page.goto('/');
  const form = page.locator('form#order');
  await form.getByLabel('Building number and street').fill('31 Warrington Crescent');
  await form.getByLabel('Postcode').fill('not a postcode');
  await form.getByRole('button', { name: 'ORDER FOR COLLECTION' }).click();
  await expect(page).toHaveURL(/\/customer\?/);
  const again = page.locator('form#order');
  await expect(again).toContainText('Please enter a valid UK postcode');
  await expect(again).toContainText('Please enter your door number');
  await expect(again).toContainText('Please choose a collection slot');
  // What was typed is kept, to be corrected.
  await expect(again.getByLabel('Building number and street')).toHaveValue(
    '31 Warrington Crescent',
  );
});

test('without JavaScript a postcode outside the served areas offers the phone number', async ({
  page,
}) => {
  await page.goto('/');
  const form = page.locator('form#order');
  await form.getByLabel('Building number and street').fill('5 High Street');
  await form.getByLabel('Postcode').fill('CR0 1NA');
  await form.getByLabel('Door number').fill('5');
  await form.getByLabel('Collection slot').selectOption({ index: 1 });
  await form.getByRole('button', { name: 'ORDER FOR COLLECTION' }).click();
  const alert = page.locator('form#order').getByRole('alert');
  await expect(alert).toContainText('we do not collect from this postcode yet');
  await expect(alert.getByRole('link', { name: /Call \(020\) 7328 5621/ })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Customer Details' })).toHaveCount(0);
});
