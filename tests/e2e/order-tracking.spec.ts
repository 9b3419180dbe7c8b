import { expect, test, type Page } from '@playwright/test';
import { placeOrder, callerOf } from './booking-helpers';
import { E2E_STAFF } from './e2e-staff';
import { phonePhotoWithGps } from '@tests/helpers/photos';
import { expectNoSeriousA11yViolations, ownAddress, readMail } from './support';

// Sign-ins from this spec's own address (support.ts).
test.use(ownAddress(109));

/*
 * Issue 16 in a real browser (decision 029): the customer opens the tracking link of their
 * confirmation e-mail, with no login, and sees each step as the shop moves the order from
 * booked to delivered, the current step highlighted (refreshing itself while out for
 * delivery), and the proof-of-delivery photo.
 */

async function currentStep(page: Page) {
  return page.locator('li[data-state="current"]');
}

test('the tracking page shows each step as the order moves from booked to delivered', async ({
  page,
  request,
}, info) => {
  const email = `tracking-${info.project.name}@e2e.test`;
  const { id } = await placeOrder(request, email, 'pending');

  // The tracking link of the confirmation e-mail, opened without logging in.
  const [confirmation] = await readMail(email);
  const link = /Track your order: (http:\/\/\S+\/track\/[0-9a-f-]{36})/.exec(
    confirmation!.text,
  )![1]!;
  // The page's timers on a clock the test moves (the minute between refreshes).
  await page.clock.install();
  await page.goto(new URL(link).pathname);
  await expect(page.getByRole('heading', { name: 'Ada, your order' })).toBeVisible();
  await expect(await currentStep(page)).toHaveAttribute('data-step', 'booked');
  await expect(page.locator('li[data-state="to-come"]')).toHaveCount(6);
  await expect(page.getByText(/^Collection: \w{3} \d+ \w{3}, \d\d:\d\d–\d\d:\d\d$/)).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  // Staff move the order along, as the back office does.
  const caller = callerOf(request);
  const login = await caller.api<{ token: string }>('/api/admin/login', {
    body: { email: E2E_STAFF.email, password: E2E_STAFF.password },
  });
  const staff = { Authorization: `Bearer ${login.body.token}` };
  const steps = [
    ['collected', 'collected', 'Collected'],
    ['cleaning', 'cleaning', 'Cleaning'],
    ['ready', 'ready', 'Ready'],
    ['out for delivery', 'out-for-delivery', 'Out for delivery'],
    ['delivered', 'delivered', 'Delivered'],
  ] as const;
  for (const [to, key, title] of steps) {
    if (to === 'delivered') {
      // The proof-of-delivery photo, uploaded as the back office and the driver's phone do.
      const upload = await request.fetch(`/api/admin/orders/${id}/photos?kind=delivery`, {
        method: 'POST',
        headers: { ...staff, 'Content-Type': 'image/jpeg' },
        data: await phonePhotoWithGps(1200, 900),
      });
      expect(upload.status()).toBe(201);
    }
    const moved = await caller.api(`/api/admin/orders/${id}/status`, {
      body: { to },
      headers: staff,
    });
    expect(moved.status, to).toBe(200);
    if (to === 'delivered') {
      // Out for delivery, the page refreshes itself: a minute later it shows the delivery.
      await page.waitForLoadState('networkidle');
      await page.clock.fastForward('01:01');
    } else {
      await page.reload();
    }
    const current = await currentStep(page);
    await expect(current).toHaveAttribute('data-step', key);
    await expect(current.getByRole('heading', { name: title })).toBeVisible();
    await expect(current.locator('time')).toBeVisible();
    if (to === 'out for delivery') {
      await expect(current).toContainText(
        // The day is named when it is not today (issue 31).
        /You are stop \d+, expected (\w{3} \d{1,2} \w{3} )?between \d\d:\d\d and \d\d:\d\d/,
      );
      await expect(page.getByText('This page updates itself every minute.')).toBeVisible();
    }
  }
  await expect(page.locator('li[data-state="to-come"]')).toHaveCount(0);
  // The photo is shown large enough to recognise the door.
  const photo = page.getByRole('img', { name: 'Where your order was left' });
  await expect(photo).toBeVisible();
  // Visible is not loaded: the photo is decoded once its bytes arrive (a busy CI machine took
  // longer than the assertion waited).
  await expect
    .poll(() => photo.evaluate((img: HTMLImageElement) => (img.complete ? img.naturalWidth : 0)))
    .toBeGreaterThan(0);
  expect((await photo.boundingBox())!.width).toBeGreaterThanOrEqual(280);
  await expect(page.getByText('Now: Delivered')).toBeVisible();
});
