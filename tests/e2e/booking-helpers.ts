import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { firstSlots, placeGuestOrder, type ApiCaller } from '@tests/helpers/fixtures';

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

/**
 * The slots chosen with the slot picker of issue 18 (day chips, then the day's windows): the
 * soonest collection window with a place, then the first delivery window of the first day
 * after the turnaround. Returns what the selects it fills now say.
 */
export async function chooseSlotsWithPicker(page: Page) {
  const form = page.locator('form#order');
  await expect(
    form.getByRole('group', { name: 'Collection day' }).getByRole('button').first(),
  ).toBeVisible();
  await form
    .getByRole('button', { name: / Soonest$/ })
    .first()
    .click();
  const pickup = form.getByLabel('Collection slot');
  await expect(pickup).not.toHaveValue('');
  const deliveryDays = form.getByRole('group', { name: 'Delivery day' });
  // The first chip is same day (call us); then the days after the turnaround, the first of
  // them possibly full already (the suite books into it all day): the first with a place.
  await deliveryDays
    .getByRole('button')
    .filter({ hasNotText: /Full|call us/ })
    .first()
    .click();
  await form
    .getByRole('group', { name: /^Delivery windows, / })
    .getByRole('button', { disabled: false })
    .first()
    .click();
  const delivery = form.getByLabel('Delivery slot');
  await expect(delivery).not.toHaveValue('');
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

/** The shared fixtures' `ApiCaller` over Playwright's request context (its cookies, base URL). */
export function callerOf(request: APIRequestContext): ApiCaller {
  return {
    async api<T>(
      path: string,
      init: { method?: string; body?: unknown; headers?: Record<string, string> } = {},
    ) {
      const reply = await request.fetch(path, {
        method: init.method ?? (init.body === undefined ? 'GET' : 'POST'),
        headers: init.headers,
        data: init.body,
      });
      const text = await reply.text();
      let body: unknown = text;
      try {
        body = JSON.parse(text);
      } catch {
        // not JSON: the fixture's error message shows the text
      }
      return { status: reply.status(), body: body as T };
    },
  };
}

/**
 * An order placed over the API by a guest at Flat 2, 7 Elgin Avenue: its id, and its payment
 * page with the signed link token (the page needs it, or the customer's login).
 */
export async function placeOrder(request: APIRequestContext, email: string, status: string) {
  const caller = callerOf(request);
  const { order } = await placeGuestOrder(caller, {
    details: {
      email,
      address: { door_number: 'Flat 2', line1: '7 Elgin Avenue', postcode: 'W9 2HD' },
    },
    order: { status },
    slots: await firstSlots(caller),
  });
  return { id: order.order_id, paymentUrl: order.payment_url };
}
