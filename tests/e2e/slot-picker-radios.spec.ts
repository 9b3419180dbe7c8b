import { expect, test } from '@playwright/test';
import { anotherDay, shownWindows, slotDisplayOf, tap } from './booking-helpers';
import { expectNoSeriousA11yViolations, holdHydration } from './support';

/*
 * Issue 31 (walkthrough 12, decision 048): the slot picker's days and windows are native radio
 * inputs of the booking form, so a tap on a slow phone before the page has hydrated chooses a
 * window, the choice survives hydration, and without JavaScript the whole choice (collection
 * day and window, then delivery day and window) is posted and checked by the server.
 */

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('a day, then a window, for the collection and the delivery; the server gets them', async ({
    page,
  }, testInfo) => {
    await page.goto('/');
    const form = page.locator('form#order');
    await form.getByLabel('Building number and street').fill('31 Warrington Crescent');
    await form.getByLabel('Postcode').fill('W9 1ED');
    await form.getByLabel('Door number').fill('Flat 2');

    // Another day than the first: its windows, and only its, are shown (pure CSS).
    const day = anotherDay(page, 'Collection day');
    const dayName = (await day.getAttribute('value'))!;
    await tap(day);
    await expect(shownWindows(page, 'Collection')).toHaveCount(1);
    const pickup = shownWindows(page, 'Collection').getByRole('radio', { disabled: false }).nth(1);
    expect(await pickup.inputValue()).toMatch(new RegExp(`^${dayName} \\d\\d:\\d\\d$`));
    await tap(pickup);
    const pickupText = await slotDisplayOf(pickup);
    await page.screenshot({
      path: `test-results/slot-picker-radios/no-js-${testInfo.project.name}.png`,
      fullPage: false,
    });
    await form.getByRole('button', { name: 'ORDER FOR COLLECTION' }).click();

    // The server has the collection (checked again, on its day) and offers its deliveries.
    await expect(page).toHaveURL(/\/customer\?/);
    const url = new URL(page.url());
    expect(url.searchParams.get('pickup')).toBe(await pickup.inputValue());
    // The day chips open a day; they are not the form's fields.
    expect([...url.searchParams.keys()].some((k) => k.endsWith('-day'))).toBe(false);
    await expect(page.getByText('Now choose when we bring your clean clothes back.')).toBeVisible();
    const again = page.locator('form#order');
    await expect(again.locator('input[name="pickup"]:checked')).toHaveValue(
      url.searchParams.get('pickup')!,
    );
    await expect(
      shownWindows(page, 'Collection').getByRole('radio', { checked: true }),
    ).toHaveCount(1);

    // Submitting without a delivery: the server says so, in the spec's words.
    await again.getByRole('button', { name: 'ORDER FOR COLLECTION' }).click();
    await expect(page.locator('form#order')).toContainText('Please choose a delivery slot');

    const deliveryDay = anotherDay(page, 'Delivery day');
    await tap(deliveryDay);
    const delivery = shownWindows(page, 'Delivery').getByRole('radio', { disabled: false }).first();
    expect((await delivery.inputValue()).slice(0, 10)).toBe(await deliveryDay.inputValue());
    await tap(delivery);
    const deliveryText = await slotDisplayOf(delivery);
    await page.screenshot({
      path: `test-results/slot-picker-radios/no-js-delivery-${testInfo.project.name}.png`,
    });
    await page.locator('form#order').getByRole('button', { name: 'ORDER FOR COLLECTION' }).click();

    // The next step shows the chosen times.
    await expect(page.getByRole('heading', { name: 'Customer Details' })).toBeVisible();
    const summary = page.getByRole('complementary');
    await expect(summary).toContainText(pickupText);
    await expect(summary).toContainText(deliveryText);
  });
});

test('a window tapped before hydration is kept, and its deliveries follow once hydrated', async ({
  page,
}, testInfo) => {
  const release = await holdHydration(page);
  await page.goto('/');
  const form = page.locator('form#order');
  // Not hydrated: the hand-typed address of the server's HTML, no address search.
  await expect(form.getByLabel('Building number and street')).toBeVisible();
  const day = anotherDay(page, 'Collection day');
  await tap(day);
  const pickup = shownWindows(page, 'Collection').getByRole('radio', { disabled: false }).nth(1);
  await tap(pickup);
  const chosen = await pickup.inputValue();
  await expect(form.getByRole('group', { name: 'Delivery day' })).toHaveCount(0);
  await page.screenshot({
    path: `test-results/slot-picker-radios/before-hydration-${testInfo.project.name}.png`,
  });

  release();
  // Hydrated: the address search is offered, and the delivery days of that collection come.
  await expect(form.getByRole('combobox', { name: 'Your address or postcode' })).toBeVisible();
  await expect(
    form.getByRole('group', { name: 'Delivery day' }).getByRole('radio').first(),
  ).toBeAttached();
  await expect(form.locator('input[name="pickup"]:checked')).toHaveValue(chosen);
  await expect(day).toBeChecked();
  await expect(shownWindows(page, 'Collection').getByRole('radio', { checked: true })).toHaveValue(
    chosen,
  );
  // React's state has it: the delivery days start after this collection's turnaround.
  const firstDelivery = await form
    .getByRole('group', { name: 'Delivery day' })
    .getByRole('radio', { name: /^(?!Same day)/ })
    .first()
    .inputValue();
  expect(firstDelivery > chosen.slice(0, 10)).toBe(true);
  await page.screenshot({
    path: `test-results/slot-picker-radios/hydrated-${testInfo.project.name}.png`,
  });
});

test('arrow keys move within a day and along the days; the focus ring shows; axe is clean', async ({
  page,
}) => {
  await page.goto('/');
  const form = page.locator('form#order');
  await expect(form.getByRole('combobox', { name: 'Your address or postcode' })).toBeVisible();
  const windows = shownWindows(page, 'Collection').getByRole('radio', { disabled: false });
  await tap(windows.first());
  await windows.first().focus();
  await page.keyboard.press('ArrowRight');
  await expect(windows.nth(1)).toBeChecked();
  await expect(windows.nth(1)).toBeFocused();
  // The chip around the focused radio draws the ring.
  const ring = await windows
    .nth(1)
    .locator('xpath=ancestor::label[1]')
    .evaluate((label) => getComputedStyle(label).outlineStyle);
  expect(ring).toBe('solid');
  // Along the days: the next day's windows take the place of this day's.
  const days = form.getByRole('group', { name: 'Collection day' }).getByRole('radio');
  const open = form.getByRole('group', { name: 'Collection day' }).getByRole('radio', {
    checked: true,
  });
  const before = await open.inputValue();
  await open.focus();
  await page.keyboard.press('ArrowRight');
  await expect(open).not.toHaveValue(before);
  await expect(shownWindows(page, 'Collection')).toHaveCount(1);
  expect(await days.count()).toBeGreaterThan(1);
  await expectNoSeriousA11yViolations(page);
});
