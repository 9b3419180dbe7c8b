import { expect, test } from '@playwright/test';
import {
  JS_BUDGET_KB,
  PAGE_CODE_BUDGET_KB,
  measurePageWeight,
  pageCodeBytes,
} from '../../bench/page-weight';

/*
 * Issue 14: the JavaScript a public page makes the browser load on arrival (the module
 * scripts and preloads in its HTML), gzipped as the production server sends it. Measured
 * the way `npm run bench` measures it (bench/page-weight.ts), on the production build.
 */

const publicPages = ['/', '/pricing', '/maida-vale', '/faqs', '/blogs'];

/**
 * What the pages weigh today (React DOM, React and React Router alone are 106 kB gzipped;
 * docs/benchmarks.md): a page that grows past this fails, so nothing creeps back in. The home
 * page is the heaviest (128.4 kB), with the booking form (issue 18 added the saved addresses,
 * "Book again" and the slot picker's loader to it: decision 021).
 */
const CEILING_KB = 129;

test.describe('page weight', () => {
  test.skip(({ isMobile }) => isMobile, 'the same HTML and scripts at every width');

  for (const path of publicPages) {
    test(`${path} loads at most ${CEILING_KB} kB of JavaScript gzipped`, async ({ baseURL }) => {
      const weight = await measurePageWeight(baseURL!, path);
      expect(weight.jsGzipBytes / 1024).toBeLessThanOrEqual(CEILING_KB);
      // Our own code on top of the framework (docs/decisions/021).
      expect(weight.frameworkGzipBytes).toBeGreaterThan(0);
      expect(pageCodeBytes(weight) / 1024).toBeLessThanOrEqual(PAGE_CODE_BUDGET_KB);
      // The stylesheet is in the HTML: no render-blocking request before the first paint.
      expect(weight.cssGzipBytes).toBe(0);
    });
  }

  test('the home page paints before it loads a script, then hydrates', async ({ page }) => {
    // docs/decisions/033: the scripts start once the first contentful paint is reported.
    await page.goto('/');
    // Hydrated: the booking form's address search replaces the hand-typed address fields.
    await expect(
      page.locator('form#order').getByRole('combobox', { name: 'Your address or postcode' }),
    ).toBeVisible();
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

  test(`the public pages meet the ${JS_BUDGET_KB} kB budget of issue 14`, async ({ baseURL }) => {
    // Not met: the framework alone is over it (docs/decisions/021, docs/benchmarks.md). Marked
    // as an expected failure, so the suite reports it the day every page meets the budget.
    test.fail(true, 'React DOM + React Router are ~109 kB gzipped before any page code');
    for (const path of publicPages) {
      const weight = await measurePageWeight(baseURL!, path);
      expect(weight.jsGzipBytes / 1024, path).toBeLessThanOrEqual(JS_BUDGET_KB);
    }
  });
});
