import { expect, test } from '@playwright/test';
import { checkedSlot, slotDisplayOf, tap } from './booking-helpers';
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
  // The slot picker's radios (decision 048): the first window with a place of the open day.
  const pickup = form
    .getByRole('group', { name: /^Collection windows, / })
    .getByRole('radio', { disabled: false })
    .first();
  await tap(pickup);
  const pickupValue = await pickup.inputValue();
  const pickupText = await slotDisplayOf(pickup);
  await expect(form.getByRole('group', { name: 'Delivery day' })).toHaveCount(0);
  await form.getByRole('button', { name: 'ORDER FOR COLLECTION' }).click();

  // The first submit brings the delivery slots for that collection, and nothing else is wrong.
  await expect(page).toHaveURL(/\/customer\?/);
  const again = page.locator('form#order');
  await expect(checkedSlot(page, 'pickup')).toHaveValue(pickupValue);
  await expect(again.locator('.field-error')).toHaveCount(0);
  await expect(again.getByRole('alert')).toHaveCount(0);
  // Same day (booked by phone) is a chip of its own; the open day's first window with a place.
  await expect(again.getByRole('radio', { name: /Same day/ })).toBeAttached();
  const delivery = again
    .getByRole('group', { name: /^Delivery windows, / })
    .getByRole('radio', { disabled: false })
    .first();
  await tap(delivery);
  const deliveryText = await slotDisplayOf(delivery);
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
  await tap(
    form
      .getByRole('group', { name: /^Collection windows, / })
      .getByRole('radio', { disabled: false })
      .first(),
  );
  await form.getByRole('button', { name: 'ORDER FOR COLLECTION' }).click();
  const alert = page.locator('form#order').getByRole('alert');
  await expect(alert).toContainText('we do not collect from this postcode yet');
  await expect(alert.getByRole('link', { name: /Call \(020\) 7328 5621/ })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Customer Details' })).toHaveCount(0);
});
