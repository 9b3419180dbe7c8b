import { expect, test, type Page } from '@playwright/test';
import { checkedSlot, chooseAddress, chooseSlots, tap } from './booking-helpers';
import { E2E_STAFF } from './e2e-staff';
import { ownAddress } from './support';

// Sign-ins from this spec's own address (support.ts).
test.use(ownAddress(102));

/*
 * Issue 12, what customers and drivers hit on the booking form of `/`: the building number is
 * kept when a flat is typed (walk-through H1, exactly its steps) and not doubled when the
 * door is filled in (M1); messages go as soon as a field is fixed (M6); a search without
 * results says so and offers entry by hand (M7); the address combobox works from the keyboard
 * (M8, WAI-ARIA combobox pattern); the express option shows the message with a Call now link
 * and dials nothing by itself.
 */

const form = (page: Page) => page.locator('form#order');
const addressBox = (page: Page) =>
  form(page).getByRole('combobox', { name: 'Your address or postcode' });

async function staffPage(page: Page) {
  const staff = await page
    .context()
    .browser()!
    .newPage({ viewport: { width: 1280, height: 900 } });
  await staff.goto('/admin/login');
  await staff.getByLabel('E-mail').fill(E2E_STAFF.email);
  await staff.getByLabel('Password').fill(E2E_STAFF.password);
  await staff.getByRole('button', { name: 'Sign in' }).click();
  await expect(staff.getByRole('heading', { name: 'Orders board' })).toBeVisible();
  return staff;
}

test('H1: "Flat 2" typed at 7 Elgin Avenue reaches the order and the route sheet with the 7', async ({
  page,
}, info) => {
  // 1. Open / and type W9 2HD.
  await page.goto('/');
  await addressBox(page).fill('W9 2HD');
  // 2. Choose "Elgin Avenue, W9 2HD – 60 Addresses", then "7 Elgin Avenue": door fills 7.
  await form(page)
    .getByRole('option', { name: /Elgin Avenue, W9 2HD.*60 Addresses/ })
    .click();
  await form(page)
    .getByRole('option', { name: /^7 Elgin Avenue/ })
    .click();
  const door = form(page).getByLabel('Door number');
  await expect(door).toHaveValue('7');
  // 3. Change the door number to "Flat 2", pick slots, order, check out as a guest.
  await door.fill('Flat 2');
  await chooseSlots(page);
  const day = (await checkedSlot(page, 'pickup').inputValue()).slice(0, 10);
  await form(page).getByRole('button', { name: 'ORDER FOR COLLECTION' }).click();
  await expect(page).toHaveURL(/\/customer\?/);
  // 4. The checkout summary (it always showed the 7; the shop's copy lost it).
  await expect(page.getByRole('complementary')).toContainText(/Flat 2,? 7 Elgin Avenue/);
  await page.getByLabel('Full name').fill('Ada Lovelace');
  await page.getByLabel('Phone').fill('07700 900123');
  await page.getByLabel('E-mail').fill(`h1-${info.project.name}-${Date.now()}@example.com`);
  await page.getByRole('button', { name: 'Guest Checkout' }).click();
  await page.getByRole('button', { name: 'Place Order' }).click();
  await expect(page).toHaveURL(/\/order\/complete\/[0-9a-f-]{36}$/);
  const id = page.url().split('/').pop()!;
  // The order number as the page shows it (not the first <dd>, which was once the name).
  await expect(page.locator('main')).toContainText(/LD-\d+/);
  const orderNo = /LD-\d+/.exec(await page.locator('main').innerText())![0];

  // 5. The back office: the order page and the route sheet keep the building number.
  const staff = await staffPage(page);
  await staff.goto(`/admin/orders/${id}`);
  const customer = staff.getByRole('region', { name: 'Customer and slots' });
  await expect(customer).toContainText('Flat 2, 7 Elgin Avenue');
  await expect(customer).not.toContainText('Flat 2 Elgin Avenue');
  await staff.goto(`/admin/route-sheet?date=${day}`);
  const row = staff.getByRole('row').filter({ hasText: orderNo });
  await expect(row).toContainText('Flat 2, 7 Elgin Avenue');
  await expect(row).not.toContainText('Flat 2 Elgin Avenue');
  await staff.close();
});

test('the form shows the address as it will be collected from, as the checkout does', async ({
  page,
}) => {
  await page.goto('/');
  await chooseAddress(page, 'Elgin Avenue', '7');
  await expect(form(page)).toContainText('Collection address: 7 Elgin Avenue, London, W9 2HD');
  await form(page).getByLabel('Door number').fill('Flat 2');
  await expect(form(page)).toContainText(
    'Collection address: Flat 2, 7 Elgin Avenue, London, W9 2HD',
  );
  await chooseSlots(page);
  await form(page).getByRole('button', { name: 'ORDER FOR COLLECTION' }).click();
  await expect(page.getByRole('complementary')).toContainText(
    'Flat 2, 7 Elgin Avenue, London, W9 2HD',
  );
});

test('M1: an auto-filled door number does not double the house number', async ({ page }) => {
  await page.goto('/');
  await chooseAddress(page, 'Fortune Green Road', '2');
  await expect(form(page).getByLabel('Door number')).toHaveValue('2');
  await chooseSlots(page);
  await form(page).getByRole('button', { name: 'ORDER FOR COLLECTION' }).click();
  const summary = page.getByRole('complementary');
  await expect(summary).toContainText('2 Fortune Green Road, London, NW6 1DT');
  await expect(summary).not.toContainText('2 2 Fortune Green Road');
});

test('M6: each message goes as soon as its field is fixed', async ({ page }) => {
  await page.goto('/');
  // The messages of the hydrated form (before hydration the server answers the submit; the
  // page's scripts start after its first paint, docs/decisions/033).
  await expect(addressBox(page)).toBeVisible();
  await form(page).getByRole('button', { name: 'ORDER FOR COLLECTION' }).click();
  const messages = {
    address: form(page).getByText('Please choose your address from the list'),
    door: form(page).getByText('Please enter your door number'),
    pickup: form(page).getByText('Please choose a collection slot'),
    delivery: form(page).getByText('Please choose a delivery slot'),
  };
  for (const message of Object.values(messages)) await expect(message).toBeVisible();
  await form(page).getByLabel('Door number').fill('Flat 2');
  await expect(messages.door).toHaveCount(0);
  await expect(messages.address).toBeVisible();
  await chooseAddress(page, 'Elgin Avenue', '7');
  await expect(messages.address).toHaveCount(0);
  // The typed flat is kept when the address is chosen afterwards.
  await expect(form(page).getByLabel('Door number')).toHaveValue('Flat 2');
  await tap(firstWindow(page, 'Collection'));
  await expect(messages.pickup).toHaveCount(0);
  await expect(messages.delivery).toBeVisible();
  await tap(firstWindow(page, 'Delivery'));
  await expect(messages.delivery).toHaveCount(0);
  // Emptying a field brings its message back.
  await form(page).getByLabel('Door number').fill('');
  await expect(messages.door).toBeVisible();
});

test('M7: a search without results says so and offers entry by hand', async ({ page }) => {
  await page.goto('/');
  await addressBox(page).fill('NW6 1XJ');
  await expect(form(page)).toContainText('No address found for NW6 1XJ');
  await expect(addressBox(page)).toHaveAttribute('aria-expanded', 'false');
  await form(page).getByRole('button', { name: 'Enter your address by hand' }).click();
  await form(page).getByLabel('Building number and street').fill('207 West End Lane');
  await form(page).getByLabel('Postcode').fill('NW6 1XJ');
  await form(page).getByLabel('Door number').fill('Flat 1');
  await expect(form(page)).toContainText(
    'Collection address: Flat 1, 207 West End Lane, London, NW6 1XJ',
  );
});

test('M8: the address combobox works from the keyboard (WAI-ARIA combobox pattern)', async ({
  page,
}) => {
  await page.goto('/');
  const box = addressBox(page);
  await box.focus();
  await page.keyboard.type('W9 2HD');
  const list = form(page).getByRole('listbox');
  await expect(list).toBeVisible();
  await expect(box).toHaveAttribute('aria-expanded', 'true');
  await expect(box).toHaveAttribute('aria-controls', (await list.getAttribute('id'))!);
  const active = async () => {
    const id = await box.getAttribute('aria-activedescendant');
    return id ? page.locator(`[id="${id}"]`) : null;
  };
  // ArrowDown moves to the first option; the option is marked selected; focus stays.
  await page.keyboard.press('ArrowDown');
  const option = (await active())!;
  await expect(option).toHaveRole('option');
  await expect(option).toHaveAttribute('aria-selected', 'true');
  await expect(option).toContainText('Elgin Avenue, W9 2HD');
  await expect(box).toBeFocused();
  // Enter on the street lists its 60 addresses, focus kept in the input, nothing submitted.
  await page.keyboard.press('Enter');
  await expect(list.getByRole('option')).toHaveCount(60);
  await expect(box).toBeFocused();
  await expect(page).toHaveURL(/\/$/);
  await expect(box).not.toHaveAttribute('aria-activedescendant', /.+/);
  for (let i = 0; i < 7; i++) await page.keyboard.press('ArrowDown');
  await expect((await active())!).toContainText('7 Elgin Avenue');
  await page.keyboard.press('ArrowUp');
  await expect((await active())!).toContainText('6 Elgin Avenue');
  await page.keyboard.press('ArrowDown');
  // Escape closes the list, keeps the text and the focus.
  await page.keyboard.press('Escape');
  await expect(list).toBeHidden();
  await expect(box).toHaveAttribute('aria-expanded', 'false');
  await expect(box).not.toHaveAttribute('aria-activedescendant', /.+/);
  await expect(box).toHaveValue('W9 2HD');
  await expect(box).toBeFocused();
  // ArrowDown opens it again at the first address; ArrowUp from there wraps to the last.
  await page.keyboard.press('ArrowDown');
  await expect(list).toBeVisible();
  await expect((await active())!).toContainText('1 Elgin Avenue');
  await page.keyboard.press('ArrowUp');
  await expect((await active())!).toContainText('60 Elgin Avenue');
  for (let i = 0; i < 7; i++) await page.keyboard.press('ArrowDown');
  await expect((await active())!).toContainText('7 Elgin Avenue');
  // Enter chooses it.
  await page.keyboard.press('Enter');
  await expect(box).toHaveValue('7 Elgin Avenue, London, W9 2HD');
  await expect(list).toBeHidden();
  await expect(box).toBeFocused();
  await expect(form(page).getByLabel('Door number')).toHaveValue('7');
  await expect(form(page).getByRole('status')).toContainText('We collect in');
  await expect(page).toHaveURL(/\/$/);
});

test('express: the message with a Call now link, and nothing dials by itself', async ({ page }) => {
  const dialled: string[] = [];
  page.on('request', (request) => {
    if (request.url().startsWith('tel:')) dialled.push(request.url());
  });
  await page.goto('/');
  await chooseAddress(page);
  await tap(firstWindow(page, 'Collection'));
  await tap(
    form(page)
      .getByRole('group', { name: 'Delivery day' })
      .getByRole('radio', { name: /Same day/ }),
  );
  const alert = form(page).getByRole('alert');
  await expect(alert).toContainText('Please call us at T (020) 7328 5621 for same day service.');
  await expect(alert.getByRole('link', { name: 'Call now' })).toHaveAttribute(
    'href',
    'tel:+442073285621',
  );
  await page.waitForTimeout(500);
  expect(dialled).toEqual([]);
  // The page still works: a normal delivery slot and on to checkout.
  await tap(
    form(page)
      .getByRole('group', { name: 'Delivery day' })
      .getByRole('radio', { name: /^(?!Same day)/, disabled: false })
      .first(),
  );
  await tap(firstWindow(page, 'Delivery'));
  await expect(alert).toHaveCount(0);
  await form(page).getByRole('button', { name: 'ORDER FOR COLLECTION' }).click();
  await expect(page).toHaveURL(/\/customer\?/);
  expect(dialled).toEqual([]);
});

/** The first window with a place of the day a slot picker has open (decision 048). */
function firstWindow(page: Page, leg: 'Collection' | 'Delivery') {
  return form(page)
    .getByRole('group', { name: new RegExp(`^${leg} windows, `) })
    .getByRole('radio', { disabled: false })
    .first();
}
