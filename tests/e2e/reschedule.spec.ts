import { expect, test, type Page } from '@playwright/test';
import { placeOrder, signUp } from '@tests/helpers/fixtures';
import { callerOf, checkedSlot, chooseAddress, tap } from './booking-helpers';
import { expectNoSeriousA11yViolations, readMail } from './support';

/*
 * Issue 18 (decision 035), on a phone (375 px) and at a desk (1280 px): the customer changes
 * the collection of their order from the account with the slot picker (day chips, then the
 * day's windows) and sees the new window on the order; the same picker chooses the slots on
 * the home form.
 */

type Slot = { slot_date: string; slot_start: string; slot_end: string; display: string };

/** The order's own page in the account (decision 038), as Back and the e-mails reach it. */
async function openOrder(page: Page, orderId: string) {
  await page.goto(`/account/orders/${orderId}`);
}

test('a customer moves the collection from the account with the slot picker', async ({
  page,
}, info) => {
  const email = `reschedule-${info.project.name}-${Date.now()}@example.com`;
  const caller = callerOf(page.request);
  const { checkout_token } = await signUp(caller, { email, password: 'Secret123!' });
  // A collection a few windows ahead (well over the 2 hours' notice), delivered after it.
  const pickups = (await caller.api<Slot[]>('/api/pickup')).body;
  const pickup = pickups[3]!;
  const deliveries = (
    await caller.api<Slot[]>(
      `/api/delivery/${encodeURIComponent(`${pickup.slot_date} ${pickup.slot_start}`)}`,
    )
  ).body.filter((s) => s.slot_start !== 'express');
  const { order } = await placeOrder(caller, {
    checkoutToken: checkout_token!,
    order: { customer_email: email },
    slots: { pickup, delivery: deliveries[deliveries.length - 1]! },
  });
  const login = await page.request.post('/api/login', { data: { email, password: 'Secret123!' } });
  expect(login.status()).toBe(200);

  await openOrder(page, order.order_id);
  await page.getByRole('link', { name: 'Change collection' }).click();
  await expect(page).toHaveURL(new RegExp(`/order/reschedule/${order.order_id}\\?leg=collection$`));
  await expect(page.getByRole('heading', { name: 'Change your collection time' })).toBeVisible();

  // The picker: the days as chips, the soonest window with a place marked.
  const days = page.getByRole('group', { name: 'New collection day' });
  await expect(days.getByRole('radio').first()).toBeAttached();
  const soonest = page.getByRole('radio', { name: / Soonest$/ });
  await expect(soonest).toHaveCount(1);
  // Another day than the soonest, with two places or more (by the evening the suite has
  // filled the nearest days): its second window.
  await tap(days.getByRole('radio', { name: /([2-9]|\d{2,}) free/ }).nth(1));
  const windows = page.getByRole('group', { name: /^New collection windows, / });
  const choice = windows.getByRole('radio', { disabled: false }).nth(1);
  const label = (await choice.locator('xpath=ancestor::label[1]').textContent())!
    .replace(/Soonest$/, '')
    .trim();
  await tap(choice);
  await page.screenshot({
    path: `test-results/reschedule/picker-${info.project.name}.png`,
    fullPage: true,
  });
  await expectNoSeriousA11yViolations(page);

  await page.getByRole('button', { name: 'Choose this collection time' }).click();
  await expect(page.getByRole('heading', { name: 'Thank you: see you then' })).toBeVisible();
  await expect(page.getByText('Need to change it again? You can, from your orders')).toBeVisible();
  // "Wed 25 Nov, 11:00–12:00" of the button is the new window.
  const [day, hours] = label.split(', ');
  const newWindow = page.getByText(/Your new collection time is/);
  await expect(newWindow).toContainText(hours!.slice(0, 11));
  if (day !== 'Today' && day !== 'Tomorrow') await expect(newWindow).toContainText(day!);

  // The order in the account shows it, and an e-mail confirms it.
  await openOrder(page, order.order_id);
  await expect(page.getByText(hours!.slice(0, 11)).filter({ visible: true }).first()).toBeVisible();
  const mails = await readMail(email, 2);
  expect(mails.some((m) => m.subject.startsWith('Your new collection time'))).toBe(true);

  // The tracking page, opened from the e-mail's link, says when the collection moved, to what.
  const tracking = mails.map((m) => /\/track\/[0-9a-f-]{36}/.exec(m.text)?.[0]).find(Boolean);
  await page.goto(tracking!);
  const moved = page.getByText(/^Collection moved to /);
  await expect(moved).toBeVisible();
  await expect(moved).toContainText(hours!.slice(0, 5));
  await expectNoSeriousA11yViolations(page);
  await page.screenshot({
    path: `test-results/reschedule/tracking-moved-${info.project.name}.png`,
    fullPage: true,
  });
});

test('the home form chooses its slots with the picker', async ({ page }, info) => {
  await page.goto('/');
  const form = page.locator('form#order');
  await chooseAddress(page);
  const collectionDays = form.getByRole('group', { name: 'Collection day' });
  await expect(collectionDays.getByRole('radio').first()).toBeAttached();
  // The windows are the form's field (decision 048).
  await tap(form.getByRole('radio', { name: / Soonest$/ }).first());
  await expect(checkedSlot(page, 'pickup')).toHaveCount(1);
  const deliveryDays = form.getByRole('group', { name: 'Delivery day' });
  // Same day stays an option, with its "call us" action.
  await tap(deliveryDays.getByRole('radio', { name: /Same day/ }));
  await expect(form.getByRole('link', { name: 'Call now' })).toBeVisible();
  // Then a real delivery window, only after the turnaround (on the first day with a place:
  // the suite books into the first one all day).
  await tap(deliveryDays.getByRole('radio', { name: /^(?!Same day)/, disabled: false }).first());
  const deliveryWindows = form.getByRole('group', { name: /^Delivery windows, / });
  await tap(deliveryWindows.getByRole('radio', { disabled: false }).first());
  await expect(checkedSlot(page, 'delivery')).toHaveValue(/^\d{4}-\d\d-\d\d \d\d:\d\d$/);
  await form.scrollIntoViewIfNeeded();
  await page.screenshot({ path: `test-results/reschedule/home-picker-${info.project.name}.png` });
  await form.getByRole('button', { name: 'ORDER FOR COLLECTION' }).click();
  await expect(page).toHaveURL(/\/customer\?/);
});
