import { expect, type APIRequestContext, type Locator, type Page } from '@playwright/test';
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

/**
 * Taps a slot picker's radio as a finger does: on its chip (the label around it), the radio
 * itself being visually hidden (decision 048).
 */
export async function tap(radio: Locator) {
  await radio.locator('xpath=ancestor::label[1]').click();
  await expect(radio).toBeChecked();
}

/** The checked radio of a field of the booking form: its value ("2026-11-28 09:00"). */
export function checkedSlot(page: Page, field: 'pickup' | 'delivery') {
  return page.locator(`form#order input[type="radio"][name="${field}"]:checked`);
}

/**
 * A chosen window as the checkout's summary shows it ("Sat 28 Nov, 09:00 - 10:00"), from the
 * radio's value and the hours of its chip.
 */
export async function slotDisplayOf(radio: Locator): Promise<string> {
  const value = await radio.inputValue();
  const hours = /(\d\d:\d\d)–(\d\d:\d\d)/.exec(
    (await radio.locator('xpath=ancestor::label[1]').textContent()) ?? '',
  );
  const day = new Date(`${value.slice(0, 10)}T12:00:00Z`).toLocaleDateString('en-GB', {
    weekday: 'short',
    day: 'numeric',
    month: 'short',
    timeZone: 'UTC',
  });
  return `${day.replace(',', '')}, ${hours![1]} - ${hours![2]}`;
}

/**
 * The slots of the booking form chosen with its slot picker (radios, issue 31): the first
 * window with a place of the collection day it opens on, then the first delivery window with a
 * place of the delivery day it opens on (the first after the turnaround with a place). Returns
 * them as the checkout's summary shows them.
 */
export async function chooseSlots(page: Page) {
  const form = page.locator('form#order');
  const pickup = form
    .getByRole('group', { name: /^Collection windows, / })
    .getByRole('radio', { disabled: false })
    .first();
  await tap(pickup);
  const delivery = form
    .getByRole('group', { name: /^Delivery windows, / })
    .getByRole('radio', { disabled: false })
    .first();
  await tap(delivery);
  return { pickup: await slotDisplayOf(pickup), delivery: await slotDisplayOf(delivery) };
}

/**
 * The slots chosen with the slot picker's day chips (issue 18): the soonest collection window
 * with a place, then the first delivery window of the first day after the turnaround with a
 * place, tapping its chip. Returns them as the checkout's summary shows them.
 */
export async function chooseSlotsWithPicker(page: Page) {
  const form = page.locator('form#order');
  await expect(
    form.getByRole('group', { name: 'Collection day' }).getByRole('radio').first(),
  ).toBeAttached();
  const pickup = form.getByRole('radio', { name: / Soonest$/ }).first();
  await tap(pickup);
  const deliveryDays = form.getByRole('group', { name: 'Delivery day' });
  // The first chip is same day (call us); then the days after the turnaround, the first of
  // them possibly full already (the suite books into it all day): the first with a place.
  await tap(deliveryDays.getByRole('radio', { name: /^(?!Same day)/, disabled: false }).first());
  const delivery = form
    .getByRole('group', { name: /^Delivery windows, / })
    .getByRole('radio', { disabled: false })
    .first();
  await tap(delivery);
  return { pickup: await slotDisplayOf(pickup), delivery: await slotDisplayOf(delivery) };
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

/**
 * A day chip of a picker other than the one it opens on, with two free windows or more: by the
 * evening the suite has filled the nearest days, and today may have one window left.
 */
export function anotherDay(page: Page, group: 'Collection day' | 'Delivery day') {
  return page
    .locator('form#order')
    .getByRole('group', { name: group })
    .getByRole('radio', { name: /^(?!Same day).*\b([2-9]|\d{2,}) free/, disabled: false })
    .nth(1);
}

/** The windows on show: those of the day whose chip is checked, and only those. */
export function shownWindows(page: Page, leg: 'Collection' | 'Delivery') {
  return page.locator('form#order').getByRole('group', { name: new RegExp(`^${leg} windows, `) });
}
