import { expect, test } from '@playwright/test';
import { firstSlots, placeGuestOrder } from '@tests/helpers/fixtures';
import { callerOf } from './booking-helpers';
import { E2E_STAFF } from './e2e-staff';
import { expectNoSeriousA11yViolations, ownAddress, readMail } from './support';

// Sign-ins from this spec's own address (support.ts).
test.use(ownAddress(110));

/*
 * Issue 18 (decision 038): a delivered order's customer follows the "Rate your order" link
 * of the delivered e-mail (no login), rates it and writes a review, and sees it on the home
 * page with the average, at 375 px and 1280 px. The home page was served from the shared
 * page cache before the review: the review must still show on the next visit.
 */

const people = {
  desktop: { name: 'Rosa Whitfield', shown: 'Rosa W.' },
  mobile: { name: 'Milo Okafor', shown: 'Milo O.' },
} as const;

test('a customer reviews a delivered order from the e-mailed link and sees it on the home page', async ({
  page,
  playwright,
  baseURL,
}, info) => {
  const person = people[info.project.name as keyof typeof people];
  const email = `review-${info.project.name}-${Date.now()}@example.com`;
  const words = `Collected on time and my ${info.project.name} coat came back perfect.`;

  // A guest order, placed over the API apart from the browser (which has no cookie at all).
  const customer = await playwright.request.newContext({ baseURL });
  const caller = callerOf(customer);
  const { order } = await placeGuestOrder(caller, {
    details: { name: person.name, email },
    slots: await firstSlots(caller),
  });

  // The home page as a visitor sees it before the review (now in the shared page cache).
  await page.goto('/');
  await expect(page.getByText(words)).toHaveCount(0);

  // Staff take it along the pipeline to delivered: the delivered e-mail goes out.
  const staff = await playwright.request.newContext({ baseURL });
  const token = (
    await (
      await staff.post('/api/admin/login', {
        data: { email: E2E_STAFF.email, password: E2E_STAFF.password },
      })
    ).json()
  ).token as string;
  const headers = { Authorization: `Bearer ${token}`, Origin: baseURL! };
  for (const to of ['collected', 'cleaning', 'ready', 'out for delivery', 'delivered']) {
    const moved = await staff.post(`/api/admin/orders/${order.order_id}/status`, {
      data: { to },
      headers,
    });
    expect(moved.status(), `move to ${to}`).toBe(200);
  }
  await expect
    .poll(async () =>
      (await readMail(email, 1)).some((m) => m.subject === `Order ${order.order_no} is delivered`),
    )
    .toBe(true);
  const delivered = (await readMail(email, 1)).find(
    (m) => m.subject === `Order ${order.order_no} is delivered`,
  )!;
  const link = /https?:\/\/\S+(\/review\/[0-9a-f-]+\?t=[\w.-]+)/.exec(delivered.text)?.[1];
  expect(link, 'the delivered e-mail links to the review page').toBeTruthy();

  // The link opens the review form without logging in.
  await page.goto(link!);
  await expect(page.getByRole('heading', { name: 'Rate your order' })).toBeVisible();
  await expect(page.getByText(person.shown)).toBeVisible();
  // Publishing without a rating is refused with the reason.
  await page.getByRole('button', { name: 'Publish my review' }).click();
  await expect(page.getByText('Please choose a rating from 1 to 5 stars.').first()).toBeVisible();
  await page.getByText('Very good').click();
  await page.getByLabel('Your review (optional)').fill(words);
  // The stars of the five choices read against their background (walkthrough 16).
  await expectNoSeriousA11yViolations(page);
  await page.screenshot({
    path: `test-results/review/form-${info.project.name}.png`,
    fullPage: true,
  });
  await page.getByRole('button', { name: 'Publish my review' }).click();
  await expect(page.getByText('Thank you for your review.')).toBeVisible();
  await expect(page.getByTestId('your-review')).toContainText(words);
  await expectNoSeriousA11yViolations(page);
  await page.screenshot({
    path: `test-results/review/thanks-${info.project.name}.png`,
    fullPage: true,
  });

  // The home page shows it, with the average and count, and the structured data carries it.
  await page.goto('/');
  const section = page.getByRole('region', { name: 'What our customers say' });
  await expect(section.getByText(words)).toBeVisible();
  await expect(section.getByText(person.shown)).toBeVisible();
  await expect(section.getByTestId('review-average')).toHaveText(
    /\d\.\d out of 5 from \d+ reviews?/,
  );
  const jsonLd = JSON.parse(
    (await page.locator('script[type="application/ld+json"]').first().textContent())!,
  ) as { aggregateRating?: { ratingValue: string; reviewCount: number } };
  expect(jsonLd.aggregateRating?.reviewCount).toBeGreaterThanOrEqual(1);
  await section.scrollIntoViewIfNeeded();
  await section.screenshot({ path: `test-results/review/home-${info.project.name}.png` });

  // The link works once: a second review of the order is refused.
  await page.goto(link!);
  await expect(page.getByRole('button', { name: 'Publish my review' })).toHaveCount(0);
  await customer.dispose();
  await staff.dispose();
});
