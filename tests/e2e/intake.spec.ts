import { expect, test } from '@playwright/test';
import { E2E_INTAKE_ORDERS } from './e2e-intake';
import { E2E_STAFF } from './e2e-staff';
import { phonePhotoWithGps } from '@tests/helpers/photos';
import { expectNoSeriousA11yViolations, ownAddress } from './support';

// Sign-ins from this spec's own address (support.ts).
test.use(ownAddress(107));

/*
 * Issue 16, intake at the shop, on the project's viewport (a phone at the counter at 375 px):
 * staff record two garments of a collected order with photos from the camera (and a damage
 * photo), see the invoice lines made from them, and
 * open a garment by typing its tag in the scan field as a USB scanner would.
 */

test('staff take intake of a collected order and open a garment by its tag', async ({
  page,
}, info) => {
  const email = E2E_INTAKE_ORDERS[info.project.name as keyof typeof E2E_INTAKE_ORDERS];
  await page.goto('/admin/login');
  await page.getByLabel('E-mail').fill(E2E_STAFF.email);
  await page.getByLabel('Password').fill(E2E_STAFF.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('heading', { name: 'Orders board' })).toBeVisible();
  const scanBox = page.getByLabel('Scan a tag, or type an order number or name');
  await expect(scanBox).toBeVisible();

  await page.goto(`/admin/orders?q=${encodeURIComponent(email)}`);
  await expect(page.getByRole('link', { name: /^LD-\d+$/ })).toHaveCount(1);
  await page.getByRole('link', { name: /^LD-\d+$/ }).click();
  const heading = page.getByRole('heading', { name: /^Order LD-\d+$/ });
  await expect(heading).toBeVisible();
  const number = (await heading.textContent())!.replace('Order LD-', '').trim();

  const intake = page.getByRole('region', { name: /Intake/ });
  await expect(intake.getByText('No garments recorded yet.')).toBeVisible();

  // The first garment: a white shirt with an ink mark, the suggested tag as it is.
  await expect(page.locator('#intake-tag_number')).toHaveValue(`${number}-01`);
  await intake
    .getByLabel('Item', { exact: true })
    .selectOption({ label: 'Shirt on hanger (£3.50)' });
  await intake.getByLabel('Colour').fill('White');
  await intake.getByLabel('Brand').fill('T.M. Lewin');
  await intake.getByLabel('Damage or stains already there').fill('Ink mark on the left cuff');
  await intake.getByLabel('Found in pockets').fill('A receipt');
  // Photos from the camera: the shirt, and a close-up of the ink mark.
  const photo = { mimeType: 'image/jpeg', buffer: await phonePhotoWithGps(1600, 1200) };
  await intake
    .getByLabel('Photos', { exact: true })
    .setInputFiles([{ name: 'shirt.jpg', ...photo }]);
  await intake.getByLabel('Damage photo').setInputFiles([{ name: 'cuff.jpg', ...photo }]);
  await intake.getByRole('button', { name: 'Record garment' }).click();
  await expect(
    intake.getByText(
      `Garment ${number}-01 recorded. The order's total is now £25.00. 2 photos added.`,
    ),
  ).toBeVisible();
  await expect(intake.getByTestId('garment')).toHaveCount(1);
  const shirtPhotos = intake.getByTestId('garment').first().getByRole('img');
  await expect(shirtPhotos).toHaveCount(2);
  await expect(intake.getByRole('img', { name: `Damage on ${number}-01` })).toHaveAttribute(
    'src',
    /^\/photos\/[0-9a-f-]+\?expires=\d+&sig=/,
  );
  // The photos are served (signed URL) and loaded by the browser.
  await expect
    .poll(() => shirtPhotos.first().evaluate((img: HTMLImageElement) => img.naturalWidth))
    .toBeGreaterThan(0);

  // The second: a suit, the next tag prefilled.
  await expect(page.locator('#intake-tag_number')).toHaveValue(`${number}-02`);
  await intake
    .getByLabel('Item', { exact: true })
    .selectOption({ label: 'Two-piece suit (£18.50)' });
  await intake.getByLabel('Colour').fill('Navy');
  await intake
    .getByLabel('Photos', { exact: true })
    .setInputFiles([{ name: 'suit.jpg', ...photo }]);
  await intake.getByRole('button', { name: 'Record garment' }).click();
  await expect(intake.getByTestId('garment')).toHaveCount(2);
  await expect(intake.getByTestId('garment').nth(1).getByRole('img')).toHaveCount(1);
  await expect(intake.getByTestId('garment').first()).toContainText(
    'Damage: Ink mark on the left cuff',
  );

  // A photo taken by mistake is removed while editing the garment (the suit's, here).
  const suit = intake.getByTestId('garment').nth(1);
  await suit.getByRole('button', { name: 'Edit' }).click();
  const suitPhotos = intake.getByRole('list', { name: `Photos of ${number}-02` });
  await expect(suitPhotos.getByRole('img')).toHaveCount(1);
  page.once('dialog', (dialog) => void dialog.accept());
  await suitPhotos.getByRole('button', { name: 'Remove photo' }).click();
  await expect(intake.getByText('Photo removed.')).toBeVisible();
  await expect(suitPhotos).toHaveCount(0);
  await intake.getByRole('button', { name: 'Cancel' }).click();
  await expect(intake.getByTestId('garment').nth(1).getByText('No photo')).toBeVisible();

  // The invoice lines are made from the garments; the hand-written editor is gone.
  const lines = page.getByRole('table', { name: 'Lines from intake' });
  await expect(lines.getByRole('row')).toHaveCount(3);
  await expect(lines.getByRole('row').nth(1)).toContainText('Shirt on hanger');
  await expect(lines.getByRole('row').nth(1)).toContainText('from intake');
  await expect(lines.getByRole('row').nth(2)).toContainText('Two-piece suit');
  await expect(page.getByRole('button', { name: 'Save items' })).toHaveCount(0);
  await expect(page.getByTestId('amount-due')).toHaveText('£25.00');
  await expect(intake.getByRole('link', { name: 'Print labels (PDF)' })).toHaveAttribute(
    'href',
    /\/labels$/,
  );
  // The label sheet: a PDF for the label printer, one page per garment.
  const labels = await page.request.get(
    (await intake.getByRole('link', { name: 'Print labels (PDF)' }).getAttribute('href'))!,
  );
  expect(labels.status()).toBe(200);
  expect(labels.headers()['content-type']).toBe('application/pdf');
  const sheet = (await labels.body()).toString('latin1');
  expect(sheet.startsWith('%PDF-')).toBe(true);
  expect(sheet.match(/\/Type \/Page\b/g)).toHaveLength(2);
  await page.screenshot({ path: `test-results/intake-${info.project.name}.png`, fullPage: true });
  await expectNoSeriousA11yViolations(page);

  // A USB scanner types the tag and Enter: the order opens at that garment.
  await page.goto('/admin');
  await page.screenshot({ path: `test-results/intake-board-${info.project.name}.png` });
  await scanBox.fill(`${number}-01`);
  await scanBox.press('Enter');
  await expect(page).toHaveURL(/\/admin\/orders\/[0-9a-f-]+#garment-\d+$/);
  const id = new URL(page.url()).hash.slice(1);
  await expect(page.locator(`#${id}`)).toContainText(`${number}-01`);
  await expect(page.locator(`#${id}`)).toHaveClass(/ring-2/);
  await expect(page.locator(`#${id}`)).toBeInViewport();

  // An order number opens the order; an e-mail or a name lists the orders that match
  // (walkthrough 20); something that matches nothing says so.
  await page.goto('/admin');
  await scanBox.fill(`LD-${number}`);
  await scanBox.press('Enter');
  await expect(page.getByRole('heading', { name: `Order LD-${number}` })).toBeVisible();
  await scanBox.fill(email);
  await scanBox.press('Enter');
  await expect(page).toHaveURL(/\/admin\/orders\?q=/);
  await expect(page.getByRole('link', { name: `LD-${number}` })).toBeVisible();
  await page.goto('/admin');
  await scanBox.fill('NOPE-1');
  await scanBox.press('Enter');
  await expect(page.getByText('Nothing matches “NOPE-1”')).toBeVisible();
});
