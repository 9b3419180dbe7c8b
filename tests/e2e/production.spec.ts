import { expect, test } from '@playwright/test';

/*
 * The production build as browsers get it: security headers, a Content-Security-Policy that
 * the pages really satisfy (no violation while they load and hydrate), long-lived caching of
 * fingerprinted assets, and compression.
 */

// Pages with scripts (the FAQs have none since decision 041: tests/e2e/hydration.spec.ts).
const pages = [
  '/',
  '/pricing',
  '/areas',
  '/howitworks',
  '/branches',
  '/blogs',
  '/login',
  '/signup',
];

test('security headers on pages and API', async ({ request }) => {
  for (const path of ['/', '/api/pricelist']) {
    const reply = await request.get(path);
    const headers = reply.headers();
    // Pages may load what is theirs; a JSON reply loads nothing at all.
    expect(headers['content-security-policy'], path).toContain(
      path.startsWith('/api/') ? "default-src 'none'" : "default-src 'self'",
    );
    expect(headers['content-security-policy'], path).toContain("frame-ancestors 'none'");
    expect(headers['strict-transport-security'], path).toContain('max-age=');
    expect(headers['x-frame-options'], path).toBe('DENY');
    expect(headers['x-content-type-options'], path).toBe('nosniff');
    if (path.startsWith('/api/')) {
      // OWASP's set for REST APIs: never cached; the document-only policies are not sent.
      expect(headers['cache-control'], path).toBe('no-store');
      expect(headers['referrer-policy'], path).toBeUndefined();
    } else {
      expect(headers['referrer-policy'], path).toBe('strict-origin-when-cross-origin');
      expect(headers['cross-origin-opener-policy'], path).toBe('same-origin');
    }
    expect(headers['x-powered-by'], path).toBeUndefined();
  }
});

test('fingerprinted assets are cached for a year and compressed', async ({ request }) => {
  // The assets the server-rendered home page names, read from its HTML.
  const html = await (await request.get('/')).text();
  const assets = [...new Set(html.match(/\/assets\/[\w.-]+\.(?:js|css)/g) ?? [])];
  expect(assets.length).toBeGreaterThan(1);
  for (const url of assets) {
    const reply = await request.get(url, { headers: { 'Accept-Encoding': 'gzip' } });
    expect(reply.status(), url).toBe(200);
    expect(reply.headers()['cache-control'], url).toContain('max-age=31536000');
    expect(reply.headers()['cache-control'], url).toContain('immutable');
  }
  // Compression starts at 1 kB, so ask for the client entry, the biggest script of all.
  const script = assets.find((url) => url.includes('entry.client'));
  expect(script).toBeDefined();
  const compressed = await request.get(script!, { headers: { 'Accept-Encoding': 'gzip' } });
  expect(compressed.headers()['content-encoding']).toBe('gzip');
});

for (const path of pages) {
  test(`no Content-Security-Policy violation on ${path}`, async ({ page }) => {
    const violations: string[] = [];
    page.on('console', (message) => {
      if (/Content Security Policy/i.test(message.text())) violations.push(message.text());
    });
    await page.addInitScript(() => {
      document.addEventListener('securitypolicyviolation', (event) => {
        console.error(
          `Content Security Policy violation: ${event.violatedDirective} ${event.blockedURI}`,
        );
      });
    });
    // 'load', not 'networkidle': the hydration check below is what says the page is ready.
    const reply = await page.goto(path, { waitUntil: 'load' });
    expect(reply?.status()).toBeLessThan(400);
    // The inline module script ran: CSP let the nonce through and the route modules loaded.
    await expect
      .poll(() =>
        page.evaluate(() =>
          Boolean((window as { __reactRouterRouteModules?: unknown }).__reactRouterRouteModules),
        ),
      )
      .toBe(true);
    expect(violations).toEqual([]);
  });
}

test('the home page settles: its page-visit request completes, so the page can go idle', async ({
  page,
}) => {
  // A fetch whose body is never read stays "loading" in Chromium, and Lighthouse then waits
  // for the home page until it gives up.
  const visit = page.waitForResponse((reply) => reply.url().endsWith('/api/user-info'));
  await page.goto('/');
  const reply = await visit;
  expect(reply.status()).toBe(200);
  expect(await reply.finished()).toBeNull();
});
