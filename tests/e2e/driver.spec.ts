import { expect, test, type Page } from '@playwright/test';
import { E2E_DRIVER, e2eDriverStops } from './e2e-driver';
import { expectNoSeriousA11yViolations, ownAddress, readMail } from './support';
import { phonePhotoWithGps } from '@tests/helpers/photos';

// Sign-ins from this spec's own address (support.ts).
test.use(ownAddress(105));

/*
 * Issue 16, the driver's view in a real browser (decision 026), on the project's viewport
 * (375 px on mobile): a driver signs in and lands on today's stops, collects one (bags, tag
 * numbers), marks another not home, whose customer follows the e-mailed link and picks a new
 * window, and delivers a third with a photo taken without a signal (kept on the phone and
 * uploaded once online), saying where it was left. The collection has a photo too. The stops are seeded per project
 * by the e2e server.
 */

function card(page: Page, name: string) {
  return page.getByTestId('driver-stop').filter({ hasText: name });
}

test('a driver collects, marks not home and delivers; the customer picks a new time', async ({
  page,
}, info) => {
  const stops = e2eDriverStops(info.project.name);

  await page.goto('/admin/login');
  await page.getByLabel('E-mail').fill(E2E_DRIVER.email);
  await page.getByLabel('Password').fill(E2E_DRIVER.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('heading', { name: 'My stops' })).toBeVisible();
  await expect(page).toHaveURL(/\/admin\/driver$/);
  // A driver's navigation is their view only.
  const nav = page.getByRole('navigation', { name: 'Back office' });
  await expect(nav.getByRole('link')).toHaveText(['My stops']);

  // ─── Collect ───
  const collect = card(page, stops.collect.name);
  await expect(collect).toContainText('Flat 2');
  await expect(collect).toContainText('Ring twice, the bell is loud');
  await expect(collect).toContainText('5 × Shirt');
  const call = collect.getByRole('link', { name: 'Call' });
  await expect(call).toHaveAttribute('href', 'tel:07700900123');
  await expect(collect.getByRole('link', { name: 'Navigate' })).toHaveAttribute(
    'href',
    /^https:\/\/www\.google\.com\/maps\/dir\/\?api=1&destination=.*W9%202HD/,
  );
  expect((await call.boundingBox())!.height).toBeGreaterThanOrEqual(48);
  await expectNoSeriousA11yViolations(page);

  await collect.getByRole('button', { name: 'Collect' }).click();
  await collect.getByRole('button', { name: 'One bag more' }).click();
  await expect(collect.getByLabel('Number of bags')).toHaveValue('2');
  await collect.getByLabel('Tag or seal numbers').fill('S-101, S-102');
  const photo = await phonePhotoWithGps(1200, 900);
  await collect
    .getByLabel('Collection photo')
    .setInputFiles({ name: 'bags.jpg', mimeType: 'image/jpeg', buffer: photo });
  await expect(collect.getByRole('img', { name: 'Collection photo, taken' })).toBeVisible();
  await collect.getByRole('button', { name: 'Save collection' }).click();
  await expect(page.locator('[data-sync="saved"]')).toContainText('collected (2 bags)');
  await expect(card(page, stops.collect.name)).toHaveAttribute('data-state', 'collected');
  await expect(card(page, stops.collect.name)).toContainText('Collected, 2 bags');
  // Done stops go to the bottom, under "Done".
  await expect(
    page.getByRole('region', { name: 'Done' }).getByTestId('driver-stop').filter({
      hasText: stops.collect.name,
    }),
  ).toBeVisible();

  // ─── A collection whose card step was abandoned is flagged (issue 31) ───
  await expect(card(page, stops.unpaid.name)).toContainText(
    'Card not saved — collect payment details',
  );

  // ─── Not home asks first: nothing is sent until the driver confirms (issue 31) ───
  const missed = card(page, stops.missed.name);
  await missed.getByRole('button', { name: 'Not home' }).click();
  const firstName = stops.missed.name.split(' ')[0]!;
  const sheet = missed.getByRole('group', {
    name: `Nobody home at 3 Kilburn Lane? We will text ${firstName} a link to choose a new time.`,
  });
  await expect(sheet).toBeVisible();
  await expect(sheet).toBeFocused();
  await expectNoSeriousA11yViolations(page);
  await page.screenshot({ path: info.outputPath('not-home-sheet.png'), fullPage: true });
  await sheet.getByRole('button', { name: 'Back' }).click();
  await expect(sheet).toBeHidden();
  await expect(missed).toHaveAttribute('data-state', 'to-do');
  await expect(missed).not.toContainText('Waiting to be sent…');
  // The server recorded nothing: after a reload the stop is still to do, and no e-mail went.
  await page.reload();
  await expect(card(page, stops.missed.name)).toHaveAttribute('data-state', 'to-do');
  expect(
    (await readMail(stops.missed.email, 0)).filter((m) => m.subject.startsWith('We missed you')),
  ).toEqual([]);

  // ─── Not home, confirmed without a signal: kept, retried with the same key once online ───
  await page.context().setOffline(true);
  await missed.getByRole('button', { name: 'Not home' }).click();
  await sheet.getByRole('button', { name: 'Yes, not home' }).click();
  await expect(page.locator('[data-sync="retrying"]')).toContainText('Retrying');
  await expect(card(page, stops.missed.name)).toContainText('Waiting to be sent…');
  await page.context().setOffline(false);
  await expect(card(page, stops.missed.name)).toHaveAttribute('data-state', 'not-home');
  await expect(card(page, stops.missed.name)).toContainText('Not home: new time asked for');

  // ─── Deliver ───
  const deliver = card(page, stops.deliver.name);
  await deliver.getByRole('button', { name: 'Deliver' }).click();
  await deliver.getByRole('button', { name: 'Save delivery' }).click();
  await expect(deliver.getByRole('alert')).toHaveText('Please say where it was left or with whom.');
  await deliver.getByRole('button', { name: 'Concierge' }).click();
  // In a basement: the photo cannot be uploaded; it is kept on the phone with the action.
  await page.context().setOffline(true);
  await deliver
    .getByLabel('Proof-of-delivery photo')
    .setInputFiles({ name: 'door.jpg', mimeType: 'image/jpeg', buffer: photo });
  await expect(deliver.getByRole('img', { name: 'Proof-of-delivery photo, taken' })).toBeVisible();
  await expect(deliver.getByText('No signal: the photo is kept on this phone')).toBeVisible();
  await deliver.getByRole('button', { name: 'Save delivery' }).click();
  await expect(page.locator('[data-sync="retrying"]')).toContainText('Retrying');
  await expect(card(page, stops.deliver.name)).toContainText('Waiting to be sent…');
  await page.context().setOffline(false);
  await expect(card(page, stops.deliver.name)).toHaveAttribute('data-state', 'delivered');
  await expect(card(page, stops.deliver.name)).toContainText('Delivered: Concierge');
  // The photo went up before the delivery: the customer's tracking page shows it.
  const delivered = (await readMail(stops.deliver.email)).find((m) => /delivered/i.test(m.subject));
  const tracking = /(http:\/\/\S+\/track\/[0-9a-f-]{36})/.exec(delivered!.text)![1]!;
  const customerView = await page.context().browser()!.newPage();
  await customerView.goto(new URL(tracking).pathname);
  await expect(customerView.getByRole('img', { name: 'Where your order was left' })).toBeVisible();
  await customerView.close();

  // ─── Tomorrow: the stops are listed, nothing can be started or done a day early (issue 31) ───
  await page
    .getByRole('navigation', { name: 'Day' })
    .getByRole('link', { name: 'Tomorrow' })
    .click();
  const later = card(page, stops.tomorrow.name);
  await expect(later).toContainText('Ready to load');
  await expect(page.getByText('open on the day')).toBeVisible();
  await expect(page.getByRole('button', { name: /^Start deliveries/ })).toHaveCount(0);
  await expect(later.getByRole('button')).toHaveCount(0);
  await page.screenshot({ path: info.outputPath('tomorrow.png'), fullPage: true });

  // ─── The customer follows the e-mailed link and picks a new window ───
  const missedMails = (await readMail(stops.missed.email)).filter((m) =>
    m.subject.startsWith('We missed you'),
  );
  expect(missedMails).toHaveLength(1);
  const [mail] = missedMails;
  const link = /(http:\/\/\S+\/order\/reschedule\/[0-9a-f-]{36}\?\S+)/.exec(mail!.text)![1]!;
  const customer = await page.context().browser()!.newPage({
    viewport: page.viewportSize()!,
  });
  await customer.goto(new URL(link).pathname + new URL(link).search);
  await expect(
    customer.getByRole('heading', { name: 'We missed you: choose a new time' }),
  ).toBeVisible();
  await expectNoSeriousA11yViolations(customer);
  // The slot picker (issue 18): the first window with a place on the day it opens.
  const first = customer
    .getByRole('group', { name: /^New collection windows, / })
    .getByRole('radio', { disabled: false })
    .first();
  // "Wed 25 Nov, 11:00–12:00 Soonest": the window's hours are what the page confirms.
  const chip = first.locator('xpath=ancestor::label[1]');
  const chosen = /\d\d:\d\d–\d\d:\d\d/.exec((await chip.textContent())!)![0];
  await chip.click();
  await expect(first).toBeChecked();
  await customer.getByRole('button', { name: 'Choose this collection time' }).click();
  await expect(customer.getByRole('heading', { name: 'Thank you: see you then' })).toBeVisible();
  await expect(customer.getByText(chosen).first()).toBeVisible();
  // The link is spent.
  await customer.goto(new URL(link).pathname + new URL(link).search);
  await expect(customer.getByText('A new window has already been chosen')).toBeVisible();
  await customer.close();
});
