import { expect, type APIRequestContext, type Page } from '@playwright/test';

/** Steps of the booking form on `/` shared by the browser tests. */

export async function chooseAddress(page: Page, street = 'Elgin Avenue', door = '12') {
  const form = page.locator('form#order');
  await form.getByRole('combobox', { name: 'Your address or postcode' }).fill(street);
  await form.getByRole('option').filter({ hasText: street }).first().click();
  await form
    .getByRole('option')
    .filter({ hasText: `${door} ${street}` })
    .first()
    .click();
  await expect(form.getByRole('status')).toContainText('We collect in');
}

export async function chooseSlots(page: Page) {
  const form = page.locator('form#order');
  const pickup = form.getByLabel('Collection slot');
  await expect(pickup.locator('option').nth(1)).toBeAttached();
  await pickup.selectOption({ index: 1 });
  const delivery = form.getByLabel('Delivery slot');
  await expect(delivery.locator('option').nth(2)).toBeAttached();
  await delivery.selectOption({ index: 2 });
  return {
    pickup: (await pickup.locator('option:checked').innerText()).trim(),
    delivery: (await delivery.locator('option:checked').innerText()).trim(),
  };
}

export async function bookFromHome(page: Page) {
  await page.goto('/');
  await chooseAddress(page);
  await expect(page.locator('form#order').getByLabel('Door number')).toHaveValue('12');
  const slots = await chooseSlots(page);
  await page.getByRole('button', { name: 'ORDER FOR COLLECTION' }).click();
  await expect(page).toHaveURL(/\/customer\?/);
  return slots;
}

type Slot = { slot_date: string; slot_start: string };

/**
 * An order placed over the API by a guest at Flat 2, 7 Elgin Avenue: its id, and its payment
 * page with the signed link token (the page needs it, or the customer's login).
 */
export async function placeOrder(request: APIRequestContext, email: string, status: string) {
  const guest = await request.post('/api/guest', {
    data: {
      name: 'Ada Lovelace',
      email,
      phone: '07700 900123',
      address: { door_number: 'Flat 2', line1: '7 Elgin Avenue', postcode: 'W9 2HD' },
    },
  });
  expect(guest.status()).toBe(200);
  const { checkout_token } = (await guest.json()) as { checkout_token: string };
  const pickup = ((await (await request.get('/api/pickup')).json()) as Slot[])[0]!;
  const delivery = (
    (await (
      await request.get(`/api/delivery/${pickup.slot_date} ${pickup.slot_start}`)
    ).json()) as Slot[]
  ).find((s) => s.slot_start !== 'express')!;
  const placed = await request.post('/api/placeorder', {
    headers: { 'X-Checkout-Token': checkout_token },
    data: {
      pickup_date: pickup.slot_date,
      pickup_start: pickup.slot_start,
      delivery_date: delivery.slot_date,
      delivery_start: delivery.slot_start,
      customer_name: 'Ada Lovelace',
      customer_email: email,
      customer_phone: '07700 900123',
      status,
    },
  });
  expect(placed.status()).toBe(200);
  const { order } = (await placed.json()) as { order: { order_id: string; payment_url: string } };
  return { id: order.order_id, paymentUrl: order.payment_url };
}
