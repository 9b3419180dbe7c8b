import { expect, test, type Page } from '@playwright/test';
import {
  JS_BUDGET_KB,
  PAGE_CODE_BUDGET_KB,
  measurePageWeight,
  pageCodeBytes,
} from '../../bench/page-weight';

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
// Not yet held: the checkout /customer (30.9 kB of our own code, no zod): the booking form,
// the address search and the summary's estimate all load with it (docs/decisions/041).

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
      const timing = await page.evaluate(() => ({
        paint: performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? NaN,
        scripts: performance
          .getEntriesByType('resource')
          .filter((r) => /\/assets\/[^/]+\.js$/.test(new URL(r.name).pathname))
          .map((r) => r.startTime),
      }));
      expect(timing.scripts.length).toBeGreaterThan(0);
      expect(Math.min(...timing.scripts)).toBeGreaterThanOrEqual(timing.paint);
    });
  }
});
