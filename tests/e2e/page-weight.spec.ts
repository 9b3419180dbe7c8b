import { expect, test, type Page } from '@playwright/test';
import {
  JS_BUDGET_KB,
  PAGE_CODE_BUDGET_KB,
  frameworkScripts,
  measurePageWeight,
  pageCodeBytes,
} from '../../bench/page-weight';
import { firstSlots } from '@tests/helpers/fixtures';
import { callerOf } from './booking-helpers';
import { waitForHydration } from './support';

/*
 * The JavaScript a public page makes the browser load on arrival (the module scripts and
 * preloads in its HTML), gzipped as the production server sends it, measured the way
 * `npm run bench` measures it (bench/page-weight.ts), on the production build
 * (docs/decisions/041): React DOM 19 and React Router hydrate the pages with scripts, within
 * JS_BUDGET_KB in all and PAGE_CODE_BUDGET_KB of our own code; pages with nothing
 * interactive ship none at all.
 */

const pagesWithScripts = [
  '/',
  '/pricing',
  '/services',
  '/howitworks',
  '/areas',
  '/corperates',
  '/branches',
  '/blogs',
  '/maida-vale',
  '/dry-cleaning',
  // Their forms check in the browser without zod (shared/form-checks.ts, decision 041).
  '/login',
  '/signup',
];
// The checkout /customer is held below, measured in the browser: its steps load their code
// as they are shown (app/routes/checkout.tsx), which the HTML alone does not tell.

/** The pages with nothing interactive: `handle: { hydrate: false }` (shared/page-handle.ts). */
const pagesWithoutScripts = [
  '/faqs',
  '/aboutus',
  '/terms',
  '/privacy',
  '/blog/red-wine-stains',
  '/newsletter',
];

/** React DOM 19, React and React Router measured 106.6 kB gzipped when this was set. */
const FRAMEWORK_CEILING_KB = 112;

test.describe('page weight', () => {
  test.skip(({ isMobile }) => isMobile, 'the same HTML and scripts at every width');

  for (const path of pagesWithScripts) {
    test(`${path} loads at most ${JS_BUDGET_KB} kB of JavaScript gzipped, ${PAGE_CODE_BUDGET_KB} kB of it ours`, async ({
      baseURL,
    }) => {
      const weight = await measurePageWeight(baseURL!, path);
      expect(weight.jsGzipBytes / 1024).toBeLessThanOrEqual(JS_BUDGET_KB);
      expect(weight.frameworkGzipBytes).toBeGreaterThan(0);
      expect(weight.frameworkGzipBytes / 1024).toBeLessThanOrEqual(FRAMEWORK_CEILING_KB);
      // Our own code on top of the framework (docs/decisions/021, 041).
      expect(pageCodeBytes(weight) / 1024).toBeLessThanOrEqual(PAGE_CODE_BUDGET_KB);
      // The stylesheet is in the HTML: no render-blocking request before the first paint.
      expect(weight.cssGzipBytes).toBe(0);
    });
  }

  for (const path of pagesWithoutScripts) {
    test(`${path} ships no JavaScript`, async ({ baseURL }) => {
      const html = await (await fetch(new URL(path, baseURL))).text();
      expect(html).toContain('</footer>');
      expect(html).not.toMatch(/<script\b[^>]*\ssrc=/);
      expect(html).not.toMatch(/<script\b[^>]*type="module"/);
      expect(html).not.toContain('modulepreload');
      expect(html).not.toContain('__reactRouterContext');
      const weight = await measurePageWeight(baseURL!, path);
      expect(weight.jsGzipBytes).toBe(0);
      expect(weight.cssGzipBytes).toBe(0);
    });
  }

  for (const { path, hydrated } of [
    {
      path: '/',
      // The booking form's address search replaces the hand-typed address fields.
      hydrated: (page: Page) =>
        page.locator('form#order').getByRole('combobox', { name: 'Your address or postcode' }),
    },
    {
      path: '/pricing',
      // The search by service, which needs the page's scripts, is offered.
      hydrated: (page: Page) => page.getByRole('button', { name: 'Search by service' }),
    },
  ]) {
    test(`${path} paints before it loads a script, then hydrates`, async ({ page }) => {
      // docs/decisions/033: the scripts start once the first contentful paint is reported.
      await page.goto(path);
      await expect(hydrated(page)).toBeEnabled();
      await expectScriptsAfterFirstPaint(page);
    });
  }

  test(`the checkout's guest step loads at most ${PAGE_CODE_BUDGET_KB} kB of our own code, counted in the browser`, async ({
    page,
  }) => {
    // Every script the browser fetched (the chunks a step imports on demand included) until
    // the page has hydrated and the network is quiet, at its size on the wire.
    const booking = await guestBooking(page);
    const scripts: Promise<{ url: string; bytes: number }>[] = [];
    page.on('requestfinished', (request) => {
      if (request.resourceType() !== 'script') return;
      scripts.push(
        request.sizes().then((sizes) => ({
          url: new URL(request.url()).pathname,
          bytes: sizes.responseBodySize,
        })),
      );
    });
    const reply = await page.goto(`/customer?${booking}`);
    const html = await reply!.text();
    await expect(page.getByRole('heading', { name: 'Customer Details' })).toBeVisible();
    await waitForHydration(page);
    await page.waitForLoadState('networkidle');
    const loaded = await Promise.all(scripts);
    const framework = frameworkScripts(html);
    const ours = loaded.filter((s) => !framework.has(s.url));
    expect(ours.map((s) => s.url)).not.toContainEqual(expect.stringMatching(/summary-step/));
    const total = loaded.reduce((sum, s) => sum + s.bytes, 0);
    const own = ours.reduce((sum, s) => sum + s.bytes, 0);
    expect(total / 1024).toBeLessThanOrEqual(JS_BUDGET_KB);
    expect(own / 1024).toBeLessThanOrEqual(PAGE_CODE_BUDGET_KB);
  });

  test('the checkout paints before it loads a script, then hydrates', async ({ page }) => {
    // docs/decisions/033: its largest paint (the password rule at the foot of a phone's
    // first screen) is not held up by the scripts.
    await page.goto(`/customer?${await guestBooking(page)}`);
    await waitForHydration(page);
    await expectScriptsAfterFirstPaint(page);
  });
});

/** The query string of a booking the home form would send, with the first slots on offer. */
async function guestBooking(page: Page): Promise<URLSearchParams> {
  const { pickup, delivery } = await firstSlots(callerOf(page.request));
  return new URLSearchParams({
    line1: 'Elgin Avenue',
    postcode: 'W9 2HD',
    door: '7',
    pickup: `${pickup.slot_date} ${pickup.slot_start}`,
    delivery: `${delivery.slot_date} ${delivery.slot_start}`,
  });
}

/** No script of the page's own was requested before its first contentful paint. */
async function expectScriptsAfterFirstPaint(page: Page) {
  const timing = await page.evaluate(() => ({
    paint: performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? NaN,
    scripts: performance
      .getEntriesByType('resource')
      .filter((r) => /\/assets\/[^/]+\.js$/.test(new URL(r.name).pathname))
      .map((r) => r.startTime),
  }));
  expect(timing.scripts.length).toBeGreaterThan(0);
  expect(Math.min(...timing.scripts)).toBeGreaterThanOrEqual(timing.paint);
}
