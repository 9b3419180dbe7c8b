import { existsSync } from 'node:fs';
import { chromium, expect, test, type Page } from '@playwright/test';
import sharp from 'sharp';
import { firstSlots, placeOrder, signUp } from '@tests/helpers/fixtures';
import { callerOf, chooseAddress, chooseSlots } from './booking-helpers';
import { ownAddress, waitForHydration } from './support';
import { chromiumArgs } from '@tests/helpers/chromium';

// Sign-ins from this spec's own address (support.ts).
test.use(ownAddress(180));
// The worker is what this spec is about (playwright.config.ts blocks it elsewhere).
test.use({ serviceWorkers: 'allow' });

/*
 * Issue 33, part A (decision 059): the site installs as an app, its service worker keeps the
 * customer's order pages for reading offline (marked "as of 14:05, offline"), a booking sent
 * offline says so, and a push shows a notification. On the production build, in Chromium.
 */

/** Until the service worker controls the page (registered once the page is idle). */
async function underServiceWorker(page: Page) {
  await page.waitForFunction(() => navigator.serviceWorker?.controller != null, null, {
    timeout: 20_000,
  });
}

test("Chromium finds the site installable, and the manifest's icons load at their sizes", async ({
  page,
  request,
}, info) => {
  test.skip(info.project.name !== 'desktop', 'one manifest for every width');
  await page.goto('/');
  await underServiceWorker(page);
  const cdp = await page.context().newCDPSession(page);
  const { installabilityErrors } = (await cdp.send('Page.getInstallabilityErrors')) as {
    installabilityErrors: { errorId: string }[];
  };
  // Playwright's contexts are off the record: the one thing an installed profile lacks.
  expect(installabilityErrors.filter((e) => e.errorId !== 'in-incognito')).toEqual([]);
  const manifest = await cdp.send('Page.getAppManifest');
  expect(manifest.errors).toEqual([]);

  const reply = await request.get('/manifest.webmanifest');
  expect(reply.status()).toBe(200);
  expect(reply.headers()['content-type']).toContain('application/manifest+json');
  const body = (await reply.json()) as {
    name: string;
    start_url: string;
    display: string;
    icons: { src: string; sizes: string; purpose: string }[];
    shortcuts: { name: string; url: string }[];
  };
  expect(body).toMatchObject({ name: 'Maida Vale Dry Cleaners', display: 'standalone' });
  expect(body.shortcuts.map((s) => s.name)).toEqual(['Book a collection', 'My orders']);
  expect(body.icons.some((i) => i.purpose === 'maskable' && i.sizes === '512x512')).toBe(true);
  for (const icon of [
    ...body.icons,
    { src: '/apple-touch-icon.png', sizes: '180x180', purpose: 'any' },
  ]) {
    const png = await request.get(icon.src);
    expect(png.status(), icon.src).toBe(200);
    const meta = await sharp(await png.body()).metadata();
    expect(`${meta.width}x${meta.height}`, icon.src).toBe(icon.sizes);
    expect(meta.format).toBe('png');
  }
  // The start URL: booking for a visitor who is not signed in.
  const start = await request.get(body.start_url, { maxRedirects: 0 });
  expect(start.status()).toBe(302);
  expect(start.headers()['location']).toBe('/#order');
});

test('a signed-in customer reads their orders and tracking offline, marked as such; a booking offline says nothing was sent', async ({
  page,
  context,
}, info) => {
  test.setTimeout(150_000);
  const email = `offline-${info.project.name}-${Date.now()}@example.com`;
  const caller = callerOf(page.request);
  const { checkout_token } = await signUp(caller, { email, password: 'Secret123!' });
  const { order } = await placeOrder(caller, {
    checkoutToken: checkout_token!,
    order: { customer_email: email },
    slots: await firstSlots(caller),
  });
  const login = await page.request.post('/api/login', { data: { email, password: 'Secret123!' } });
  expect(login.status()).toBe(200);
  const start = await page.request.get('/app/start', { maxRedirects: 0 });
  expect(start.headers()['location']).toBe('/account/orders');

  // Online: the worker takes over, then the customer looks at the orders and the tracking.
  await page.goto('/account/orders');
  await underServiceWorker(page);
  await page.reload();
  // The list's link to the order: "LD-100001 …" on a phone, "View order LD-100001" at a desk.
  const orderLink = page
    .getByRole('link', { name: new RegExp(`^(View order )?${order.order_no}\\b`) })
    .first();
  await expect(orderLink).toBeVisible();
  // Opened by a link (the page's data) and as a page (its document): both kept.
  await waitForHydration(page);
  await orderLink.click();
  await expect(page).toHaveURL(new RegExp(`/account/orders/${order.order_id}$`));
  await page.goto(`/account/orders/${order.order_id}`);
  await expect(page.getByText(order.order_no).first()).toBeVisible();
  const trackHref = (await page
    .getByRole('link', { name: /track/i })
    .first()
    .getAttribute('href'))!;
  expect(trackHref).toMatch(/^\/track\//);
  await page.goto(trackHref);
  await expect(page.locator('main')).toBeVisible();
  const trackTitle = await page.title();

  // Offline: the same pages, from the copies, marked with the time they were fetched.
  await context.setOffline(true);
  await page.goto('/account/orders');
  const banner = page.getByRole('status').filter({ hasText: /as of \d\d:\d\d, offline/i });
  await expect(banner).toBeVisible();
  await expect(orderLink).toBeVisible();
  await page.screenshot({
    path: `test-results/installable-app/offline-orders-${info.project.name}.png`,
  });
  await page.goto(trackHref);
  await expect(banner).toBeVisible();
  expect(await page.title()).toBe(trackTitle);
  await page.screenshot({
    path: `test-results/installable-app/offline-tracking-${info.project.name}.png`,
  });
  // A page of prices or slots is never answered from a copy.
  await page.goto('/pricing');
  await expect(page.getByRole('heading', { name: 'You are offline' })).toBeVisible();

  // A client navigation (hydrated): the order's page from its kept data, marked too.
  await page.goto('/account/orders');
  await waitForHydration(page);
  await orderLink.click();
  await expect(page).toHaveURL(new RegExp(`/account/orders/${order.order_id}$`));
  await expect(banner).toBeVisible();

  // Signed out: the copies go with the login; offline, nobody reads them on this device.
  await context.setOffline(false);
  await page.goto('/account');
  await page.getByRole('button', { name: 'Logout' }).first().click();
  await expect(page).toHaveURL(/\/login/);
  await context.setOffline(true);
  await page.goto('/account/orders');
  await expect(page.getByRole('heading', { name: 'You are offline' })).toBeVisible();
  await expect(page.getByText(order.order_no)).toHaveCount(0);
  // Online (a visitor now), the booking form filled; offline, it is sent: nothing pretends to be booked.
  await context.setOffline(false);
  await page.goto('/');
  await waitForHydration(page);
  await chooseAddress(page);
  await chooseSlots(page);
  await context.setOffline(true);
  await page.getByRole('button', { name: 'ORDER FOR COLLECTION' }).click();
  await expect(
    page.getByRole('alert').filter({ hasText: 'You are offline: nothing was sent' }),
  ).toBeVisible();
  await expect(page).not.toHaveURL(/\/customer/);
  await page.screenshot({
    path: `test-results/installable-app/offline-booking-${info.project.name}.png`,
  });

  await context.setOffline(false);
});

/*
 * Debian's headless shell has no notifications (their permission stays "denied"), so the push
 * is delivered in Debian's full Chromium, headless (.ci/run installs it beside the shell).
 */
const fullChromium = '/usr/bin/chromium';

test('a push shows its notification, through the service worker', async ({ baseURL }, info) => {
  test.skip(info.project.name !== 'desktop', 'the same worker at every width');
  test.skip(
    !existsSync(fullChromium),
    `${fullChromium} (apt-get install chromium) is not installed`,
  );
  const browser = await chromium.launch({ executablePath: fullChromium, args: chromiumArgs });
  try {
    const context = await browser.newContext({ baseURL });
    await context.grantPermissions(['notifications'], { origin: baseURL });
    const page = await context.newPage();
    await page.goto('/');
    await underServiceWorker(page);
    const cdp = await context.newCDPSession(page);
    const registrations = new Promise<{ registrationId: string; scopeURL: string }[]>((resolve) =>
      cdp.on('ServiceWorker.workerRegistrationUpdated', (event) => resolve(event.registrations)),
    );
    await cdp.send('ServiceWorker.enable');
    const [registration] = await registrations;
    const payload = {
      title: 'Your driver is on the way',
      body: 'Arriving between 18:00 and 19:00.',
      url: '/track/abc',
      tag: 'order-1',
    };
    await cdp.send('ServiceWorker.deliverPushMessage', {
      origin: new URL(baseURL!).origin,
      registrationId: registration!.registrationId,
      data: JSON.stringify(payload),
    });
    // The worker's own list of what it shows (self.registration.getNotifications()).
    const worker = context.serviceWorkers()[0]!;
    await expect
      .poll(() =>
        worker.evaluate(async () =>
          (await (self as unknown as ServiceWorkerGlobalScope).registration.getNotifications()).map(
            (n) => ({
              title: n.title,
              body: n.body,
              tag: n.tag,
              url: (n.data as { url: string }).url,
            }),
          ),
        ),
      )
      .toEqual([
        {
          title: payload.title,
          body: payload.body,
          tag: payload.tag,
          url: new URL(payload.url, baseURL).href,
        },
      ]);
  } finally {
    await browser.close();
  }
});

test('installed (display-mode standalone) at 375 px: no offer of the app, the safe areas kept', async ({
  page,
}, info) => {
  test.skip(info.project.name !== 'mobile', 'the installed look of a phone');
  // This Chromium's DevTools cannot emulate display-mode: the page is told it, as an
  // installed app's window tells it (before any script of the page runs).
  await page.addInitScript(() => {
    const own = window.matchMedia.bind(window);
    window.matchMedia = (query: string) => {
      const list = own(query);
      if (query.includes('display-mode: standalone')) {
        Object.defineProperty(list, 'matches', { value: true });
      }
      return list;
    };
  });
  await page.goto('/');
  expect(await page.evaluate(() => matchMedia('(display-mode: standalone)').matches)).toBe(true);
  await expect(page.locator('html')).toHaveAttribute('data-app-install', 'installed');
  await expect(page.getByRole('link', { name: /Download our app/ })).toBeHidden();
  await expect(page.locator('meta[name="viewport"]')).toHaveAttribute(
    'content',
    /viewport-fit=cover/,
  );
  await expect(page.getByRole('complementary', { name: 'Get our app' })).toBeHidden();
  await page.screenshot({ path: 'test-results/installable-app/standalone-home-375.png' });
});

test('under the service worker, public pages still hydrate without an error', async ({ page }) => {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  await page.goto('/');
  await underServiceWorker(page);
  for (const path of ['/', '/pricing', '/login']) {
    await page.goto(path);
    await waitForHydration(page);
    // Served through the worker, from the network (a page is never a copy while online).
    expect(await page.evaluate(() => navigator.serviceWorker.controller?.scriptURL)).toMatch(
      /\/sw\.js$/,
    );
    await expect(page.getByRole('status').filter({ hasText: /offline/ })).toHaveCount(0);
  }
  expect(errors).toEqual([]);
});

test('not installed: the app offer opens the steps for this browser', async ({ page }, info) => {
  await page.goto('/pricing');
  await expect(page.locator('html')).toHaveAttribute('data-app-install', /other|prompt/);
  const offer = page.getByRole('link', { name: /Download our app/ });
  await offer.click();
  const steps = page.getByRole('region', { name: /Get the .* app/ });
  await expect(steps).toBeVisible();
  // No store app exists: no store badge.
  await expect(page.getByRole('link', { name: /App Store|Google Play/ })).toHaveCount(0);
  await page.screenshot({
    path: `test-results/installable-app/install-steps-${info.project.name}.png`,
  });
});
