import { expect, test, type Page } from '@playwright/test';

/*
 * Issue 14 (Lighthouse): nothing on a public page moves while it loads and hydrates. The
 * server's HTML already holds what the hydrated page shows above the fold: the app banner of
 * phones (app-banner-dismissal.ts) and, on the booking form, the room of the hand-typed address
 * that the address search takes over (booking-form.tsx). Every layout shift the browser
 * reports is counted, without input from the test. On a phone, as Lighthouse's mobile run
 * sees it; at desktop width the slot picker that takes the selects' place once its chunk has
 * loaded still moves what is below the form (CLS about 0.02, "good" under 0.1; noted in
 * decision 040).
 */

type Shift = { value: number; sources: string[] };

/** The layout shifts the page reported from its start, once it has hydrated and settled. */
async function shiftsWhileLoading(page: Page, path: string): Promise<Shift[]> {
  await page.addInitScript(() => {
    const shifts: Shift[] = [];
    (window as unknown as { __shifts: Shift[] }).__shifts = shifts;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as unknown as {
        value: number;
        sources: { node?: Node }[];
      }[]) {
        shifts.push({
          value: entry.value,
          sources: entry.sources.map((s) =>
            s.node instanceof Element ? s.node.outerHTML.slice(0, 100) : String(s.node),
          ),
        });
      }
    }).observe({ type: 'layout-shift', buffered: true });
  });
  await page.goto(path, { waitUntil: 'networkidle' });
  await page.waitForFunction(
    () =>
      (window as { __reactRouterDataRouter?: { state: { initialized: boolean } } })
        .__reactRouterDataRouter?.state.initialized === true,
  );
  // The effects after hydration (the address search, the slot picker's chunk) and a frame.
  await page.waitForTimeout(1500);
  return page.evaluate(() => (window as unknown as { __shifts: Shift[] }).__shifts);
}

for (const path of ['/', '/maida-vale', '/pricing']) {
  test(`${path} does not move as it loads and hydrates, with the app banner on a phone`, async ({
    page,
    isMobile,
  }) => {
    test.skip(!isMobile, 'Lighthouse mobile; see above for the desktop width');
    // A first visit: the app banner is offered (phones) and the promo pop-up is closed.
    await page.addInitScript(() => localStorage.removeItem('app_banner_dismissed_at'));
    const shifts = await shiftsWhileLoading(page, path);
    const total = shifts.reduce((sum, s) => sum + s.value, 0);
    // Lighthouse scores a cumulative layout shift under 0.1 as good; the pages hold to a
    // tenth of that (a line of text settling is the most allowed).
    expect(total, JSON.stringify(shifts, null, 1)).toBeLessThan(0.01);
  });
}

test('a banner closed on an earlier visit is hidden before the page hydrates', async ({
  page,
  isMobile,
}) => {
  test.skip(!isMobile, 'the app banner is for phones');
  // No scripts of the page run but the inline ones: the page as it is before hydration.
  await page.route('**/assets/**/*.js', (route) => route.abort());
  const banner = page.getByRole('complementary', { name: 'Get our app' });
  const appButton = page
    .getByRole('navigation', { name: 'Contact us' })
    .getByRole('link', { name: /Download our app/ });

  // Closed (the suite's visitors closed it long ago): hidden, and the bar offers the app.
  await page.goto('/faqs');
  await expect(banner).toBeHidden();
  await expect(appButton).toBeVisible();

  // Never closed: offered, and the bar does not offer the app twice.
  await page.evaluate(() => localStorage.removeItem('app_banner_dismissed_at'));
  await page.reload();
  await expect(banner).toBeVisible();
  await expect(appButton).toBeHidden();

  // Closed a day ago: offered again.
  await page.evaluate(() =>
    localStorage.setItem('app_banner_dismissed_at', String(Date.now() - 25 * 3_600_000)),
  );
  await page.reload();
  await expect(banner).toBeVisible();

  // Closed just now.
  await page.evaluate(() => localStorage.setItem('app_banner_dismissed_at', String(Date.now())));
  await page.reload();
  await expect(banner).toBeHidden();
  await expect(appButton).toBeVisible();
});

test('the address search keeps the room of the hand-typed address until the visitor taps or types in it', async ({
  page,
  isMobile,
}) => {
  // At desktop width the street and postcode sit side by side, 10 px shorter than the search:
  // nothing moves up there, the fields below move down by that much.
  test.skip(!isMobile, 'a phone, where the hand-typed address is the taller');
  // Where the door number is in the server's HTML, before any script of the page has run.
  await page.addInitScript(() => {
    document.addEventListener('DOMContentLoaded', () => {
      const door = document.querySelector('form#order input[name="door"]');
      (window as unknown as { __doorTop: number }).__doorTop =
        door!.getBoundingClientRect().top + scrollY;
    });
  });
  await page.goto('/', { waitUntil: 'networkidle' });
  const search = page.getByLabel('Your address or postcode');
  await expect(search).toBeVisible();
  const door = page.locator('form#order input[name="door"]');
  const doorTop = () => door.evaluate((el) => el.getBoundingClientRect().top + scrollY);
  const before = await page.evaluate(() => (window as unknown as { __doorTop: number }).__doorTop);
  expect(await doorTop()).toBe(before);
  // A tap below the address lands where it was aimed: nothing moves under it.
  await door.click();
  expect(await doorTop()).toBe(before);
  // The visitor starts typing: the room is given back, and the form closes up.
  await search.click();
  await search.pressSequentially('W9');
  await expect.poll(doorTop).toBeLessThan(before);
});
