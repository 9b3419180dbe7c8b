import { expect, test, type Page } from '@playwright/test';
import { bookFromHome, placeOrder } from './booking-helpers';

/*
 * Issue 12: the floating controls (Order Now, call, chat, app, the app banner) never cover a
 * price, a field or a button. On every page below, at 1280×800 (desktop project) and 375×740
 * (mobile project), the page is scrolled from top to bottom; at each position every price
 * cell, input, select and button of the main content that is in view is probed with
 * document.elementFromPoint at its centre and corners: the topmost element must be the
 * control itself (or inside it), never a fixed or sticky element.
 *
 * A bar that runs the whole width along the top or bottom edge (the sticky header, the
 * contact bar) is the edge of the window, not something over the content: what is under it
 * is out of view like what is below the fold, and every control must come fully into view
 * clear of it at some scroll position (checked too: nothing is stuck beneath a bar).
 */

type Report = { checked: number; covered: string[]; neverInView: string[] };

/** Scrolls through the page and probes every control and price of <main> (see above). */
async function probeFloatingControls(page: Page): Promise<Report> {
  return page.evaluate(async () => {
    const frame = () => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)));
    const positioned = (el: Element) => {
      const p = getComputedStyle(el).position;
      return p === 'fixed' || p === 'sticky';
    };
    const floatingAncestor = (el: Element | null) => {
      for (let e = el; e; e = e.parentElement) if (positioned(e)) return e;
      return null;
    };
    const describe = (el: Element) => {
      const text = (el.textContent ?? '').replace(/\s+/g, ' ').trim().slice(0, 40);
      const name =
        el.getAttribute('aria-label') ??
        (el.id ? document.querySelector(`label[for="${CSS.escape(el.id)}"]`)?.textContent : null);
      return `<${el.tagName.toLowerCase()}> ${name ?? text}`.trim();
    };
    const main = document.querySelector('main');
    if (!main) return { checked: 0, covered: ['no <main>'], neverInView: [] };
    const controls = [
      ...main.querySelectorAll(
        'input:not([type=hidden]), select, textarea, button, [role=button], a.btn-primary, a.btn-secondary, td, dd',
      ),
    ];
    // Prices wherever they are written: the innermost element holding "£12.50".
    const prices = [...main.querySelectorAll('*')].filter(
      (e) => e.children.length === 0 && /£\s?\d/.test(e.textContent ?? ''),
    );
    // A row that scrolls sideways (the slot picker's day chips, issue 18): what lies beyond its
    // visible part is reached by swiping the row, not by scrolling the page.
    const scrolledAway = (el: Element, r: DOMRect) => {
      for (let a = el.parentElement; a && a !== main; a = a.parentElement) {
        const overflowX = getComputedStyle(a).overflowX;
        if ((overflowX === 'auto' || overflowX === 'scroll') && a.scrollWidth > a.clientWidth) {
          const box = a.getBoundingClientRect();
          return r.left < box.left || r.right > box.right;
        }
      }
      return false;
    };
    const targets = [...new Set([...controls, ...prices])].filter((el) => {
      const r = el.getBoundingClientRect();
      const style = getComputedStyle(el);
      return (
        !scrolledAway(el, r) &&
        r.width >= 4 &&
        r.height >= 4 &&
        style.visibility !== 'hidden' &&
        !el.closest('[hidden], [aria-hidden="true"], dialog:not([open])') &&
        !floatingAncestor(el)
      );
    });
    const floating = [...document.querySelectorAll('body *')].filter(positioned);
    const seen = new Map<Element, number>();
    const covered = new Map<Element, string>();
    const width = document.documentElement.clientWidth;
    const height = window.innerHeight;

    const probe = () => {
      // The window's edges at this scroll position: full-width bars at the top and bottom.
      let top = 0;
      let bottom = height;
      for (const f of floating) {
        const r = f.getBoundingClientRect();
        if (r.width < width - 2 || r.height === 0) continue;
        if (r.top <= 1 && r.bottom > 0) top = Math.max(top, r.bottom);
        if (r.bottom >= height - 1 && r.top < height) bottom = Math.min(bottom, r.top);
      }
      for (const el of targets) {
        const r = el.getBoundingClientRect();
        if (r.top < top || r.bottom > bottom || r.left < 0 || r.right > width) continue;
        seen.set(el, (seen.get(el) ?? 0) + 1);
        const inset = Math.min(2, r.width / 4, r.height / 4);
        const points: [number, number][] = [
          [r.left + r.width / 2, r.top + r.height / 2],
          [r.left + inset, r.top + inset],
          [r.right - inset, r.top + inset],
          [r.left + inset, r.bottom - inset],
          [r.right - inset, r.bottom - inset],
        ];
        for (const [x, y] of points) {
          const hit = document.elementFromPoint(x, y);
          if (!hit || hit === el || el.contains(hit)) continue;
          const over = floatingAncestor(hit);
          if (over && !covered.has(el)) {
            covered.set(
              el,
              `${describe(el)} at (${Math.round(x)}, ${Math.round(y + window.scrollY)}) under ${describe(over).slice(0, 60)}`,
            );
          }
        }
      }
    };

    const max = document.documentElement.scrollHeight - height;
    const step = Math.max(80, Math.floor(height / 3));
    for (let y = 0; ; y = Math.min(max, y + step)) {
      window.scrollTo({ top: y, behavior: 'instant' });
      await frame();
      probe();
      if (y >= max) break;
    }
    window.scrollTo({ top: 0, behavior: 'instant' });
    const neverInView = targets
      .filter((el) => !seen.has(el) && el.getBoundingClientRect().height < height / 2)
      .map(describe);
    return { checked: seen.size, covered: [...covered.values()], neverInView };
  });
}

async function expectNothingCovered(page: Page) {
  // The contact bar and the page have settled (hydrated, fonts, data loaded).
  await page.waitForLoadState('networkidle');
  const report = await probeFloatingControls(page);
  expect(report.checked, 'controls and prices probed').toBeGreaterThan(0);
  expect(report.covered, 'covered by a floating control').toEqual([]);
  expect(report.neverInView, 'never fully in view clear of the bars').toEqual([]);
}

test.describe('no floating control covers a price, a field or a button', () => {
  test('home', async ({ page }) => {
    await page.goto('/');
    await expectNothingCovered(page);
  });

  test('/pricing', async ({ page }) => {
    await page.goto('/pricing');
    await expectNothingCovered(page);
  });

  test('an area page (/maida-vale)', async ({ page }) => {
    await page.goto('/maida-vale');
    await expectNothingCovered(page);
  });

  test('a service page (/dry-cleaning) with the app banner open on phones', async ({ page }) => {
    await page.addInitScript(() => localStorage.removeItem('app_banner_dismissed_at'));
    await page.goto('/dry-cleaning');
    await expectNothingCovered(page);
  });

  test('checkout (/customer with a booking)', async ({ page }) => {
    await bookFromHome(page);
    await expect(page.getByRole('button', { name: 'Guest Checkout' })).toBeVisible();
    await expectNothingCovered(page);
  });

  test('the payment page', async ({ page }, info) => {
    const { paymentUrl } = await placeOrder(
      page.request,
      `cover-pay-${info.project.name}-${Date.now()}@example.com`,
      'pending payment',
    );
    await page.goto(paymentUrl);
    await expect(page.getByLabel('Card number')).toBeVisible();
    await expectNothingCovered(page);
  });

  test('the confirmation page', async ({ page }, info) => {
    const { id } = await placeOrder(
      page.request,
      `cover-done-${info.project.name}-${Date.now()}@example.com`,
      'pending',
    );
    await page.goto(`/order/complete/${id}`);
    await expect(page.getByRole('heading', { name: /your order is booked/ })).toBeVisible();
    await expectNothingCovered(page);
  });
});

test('Order Now is absent where the page has the booking form and on order pages', async ({
  page,
}, info) => {
  const orderNow = page.getByRole('link', { name: 'Order Now' });
  for (const path of ['/', '/maida-vale', '/dry-cleaning']) {
    await page.goto(path);
    await expect(page.locator('form#order')).toBeVisible();
    await expect(orderNow, path).toHaveCount(0);
  }
  const { id, paymentUrl } = await placeOrder(
    page.request,
    `cover-now-${info.project.name}-${Date.now()}@example.com`,
    'pending payment',
  );
  for (const path of [paymentUrl, `/order/complete/${id}`]) {
    await page.goto(path);
    await expect(page.getByRole('link', { name: /Call us on/ }), path).toBeVisible();
    await expect(orderNow, path).toHaveCount(0);
  }
  await page.goto('/pricing');
  await expect(orderNow).toBeVisible();
  // On phones the call, chat, app and Order Now buttons are one bar along the bottom.
  if ((page.viewportSize()?.width ?? 0) < 768) {
    const bar = page.getByRole('navigation', { name: 'Contact us' });
    const box = (await bar.boundingBox())!;
    expect(box.width).toBeGreaterThanOrEqual(374);
    expect(Math.round(box.y + box.height)).toBe(740);
    for (const name of [/Call us on/, 'Chat with us', /Download our app/, 'Order Now']) {
      await expect(bar.getByRole('link', { name })).toBeVisible();
    }
  }
});
