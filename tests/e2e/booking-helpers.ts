import { expect, type Page } from '@playwright/test';

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
  await expect(page).toHaveURL(/\/customer$/);
  return slots;
}
