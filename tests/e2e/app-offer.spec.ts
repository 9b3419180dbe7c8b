import { expect, test, type Page } from '@playwright/test';
import { chooseAddress, chooseSlots } from './booking-helpers';
import { expectNoSeriousA11yViolations, ownAddress, waitForHydration } from './support';

/*
 * Issue 33, the app's 30 % in the browser: inside the installed app (display-mode standalone,
 * emulated by an init script, as page.emulateMedia does not do display-mode) a guest's
 * summary shows "30% off your first app order", ticked; the order placed with it has the app
 * discount on its confirmation. The same person's second order is refused beside the offer,
 * nothing placed, the box unticked; placed again, it goes at the full price. In a browser tab
 * the summary shows no offer and the order has no discount. Both projects run it: 375 px
 * (mobile) and 1280 px (desktop), each with its own guests (door, phone and e-mail).
 */

test.use(ownAddress(210));

const OFFER = '30% off your first app order';

/** The installed app: matchMedia answers display-mode standalone, as the home-screen app. */
async function runAsInstalledApp(page: Page) {
  await page.addInitScript(() => {
    const real = window.matchMedia.bind(window);
    window.matchMedia = (query: string) => {
      if (query.replace(/\s+/g, '') !== '(display-mode:standalone)') return real(query);
      // A plain object: MediaQueryList's own `matches` is a getter that cannot be set.
      const standalone = {
        matches: true,
        media: query,
        onchange: null,
        addEventListener: () => {},
        removeEventListener: () => {},
        addListener: () => {},
        removeListener: () => {},
        dispatchEvent: () => false,
      };
      return standalone as unknown as MediaQueryList;
    };
  });
}

/** A guest's booking up to the summary step, hydrated. */
async function guestToSummary(page: Page, who: { door: string; phone: string; email: string }) {
  await page.goto('/');
  await chooseAddress(page, 'Randolph Avenue', who.door);
  await chooseSlots(page);
  await page.getByRole('button', { name: 'ORDER FOR COLLECTION' }).click();
  await expect(page).toHaveURL(/\/customer\?/);
  await page.getByLabel('Full name').fill('Mary Seacole');
  await page.getByLabel('Phone').fill(who.phone);
  await page.getByLabel('E-mail').fill(who.email);
  await page.getByRole('button', { name: 'Guest Checkout' }).click();
  await expect(page.getByRole('heading', { name: 'Order Summary' })).toBeVisible();
  await waitForHydration(page);
}

test('in the app a guest takes the 30 % once; the second order is refused beside the offer', async ({
  page,
}, testInfo) => {
  const mobile = testInfo.project.name === 'mobile';
  const who = {
    door: mobile ? '41' : '42',
    phone: mobile ? '07700 900771' : '07700 900772',
    email: `app-offer-${testInfo.project.name}@example.com`,
  };
  await runAsInstalledApp(page);
  await guestToSummary(page, who);

  const offer = page.getByRole('region', { name: OFFER, exact: false });
  await expect(offer).toBeVisible();
  const claim = offer.getByRole('checkbox', { name: `Take ${OFFER} with this order` });
  await expect(claim).toBeChecked();
  await offer.scrollIntoViewIfNeeded();
  await page.screenshot({
    path: testInfo.outputPath(`app-offer-summary-${testInfo.project.name}.png`),
  });
  await expectNoSeriousA11yViolations(page);

  await page.getByRole('button', { name: 'Place Order' }).click();
  await expect(page).toHaveURL(/\/order\/complete\/[0-9a-f-]{36}$/);
  await expect(page.locator('main')).toContainText(`App discount (${OFFER})`);
  await page.screenshot({
    path: testInfo.outputPath(`app-offer-confirmed-${testInfo.project.name}.png`),
    fullPage: true,
  });

  // The same person again, from the app: refused beside the offer, nothing placed.
  await guestToSummary(page, who);
  await expect(claim).toBeChecked();
  await page.getByRole('button', { name: 'Place Order' }).click();
  const refusal = offer.locator('#app-offer-error');
  await expect(refusal).toHaveText(
    `You have already had the ${OFFER}: it is once per customer, phone number and card.`,
  );
  await expect(refusal).toHaveAttribute('data-refusal', 'app-offer-used');
  await expect(page).toHaveURL(/\/customer\?/);
  await expect(claim).not.toBeChecked();
  await offer.scrollIntoViewIfNeeded();
  await page.screenshot({
    path: testInfo.outputPath(`app-offer-refused-${testInfo.project.name}.png`),
  });

  // Placed again without the offer: at the full price, no discount line.
  await page.getByRole('button', { name: 'Place Order' }).click();
  await expect(page).toHaveURL(/\/order\/complete\/[0-9a-f-]{36}$/);
  await expect(page.getByRole('heading', { name: /your order is booked/ })).toBeVisible();
  await expect(page.locator('main')).not.toContainText('App discount');
});

test('in a browser tab the summary shows no app offer and the order has no discount', async ({
  page,
}, testInfo) => {
  const mobile = testInfo.project.name === 'mobile';
  await guestToSummary(page, {
    door: mobile ? '43' : '44',
    phone: mobile ? '07700 900773' : '07700 900774',
    email: `app-offer-tab-${testInfo.project.name}@example.com`,
  });
  await expect(page.getByText(OFFER)).toHaveCount(0);
  await expect(page.locator('input[name="source"], input[name="app_offer"]')).toHaveCount(0);
  await page.getByRole('button', { name: 'Place Order' }).click();
  await expect(page).toHaveURL(/\/order\/complete\/[0-9a-f-]{36}$/);
  await expect(page.locator('main')).not.toContainText('App discount');
});

/** In the app, an order with the 30 % whose card is saved on the card page (TEST MODE). */
async function appOrderWithCard(
  page: Page,
  who: { door: string; phone: string; email: string },
  card: 'saved' | 'after authentication',
) {
  await guestToSummary(page, who);
  const offer = page.getByRole('region', { name: OFFER, exact: false });
  await expect(
    offer.getByRole('checkbox', { name: `Take ${OFFER} with this order` }),
  ).toBeChecked();
  await page.getByLabel(/Save a card now/).check();
  await page.getByRole('button', { name: 'Place Order' }).click();
  await expect(page).toHaveURL(/\/order\/payment\/[0-9a-f-]{36}(\?t=[^&]+)?$/);
  await waitForHydration(page);
  await page
    .getByLabel('Card number')
    .fill(card === 'saved' ? '4242 4242 4242 4242' : '4000 0025 0000 3155');
  await page.getByLabel('Expiry (MM / YY)').fill('12 / 30');
  await page.getByLabel('Security code').fill('123');
  await page.getByRole('button', { name: 'Save card' }).click();
  if (card === 'after authentication') {
    await page.getByRole('button', { name: 'Complete authentication' }).click();
  }
  await expect(page).toHaveURL(/\/order\/complete\/[0-9a-f-]{36}/);
  await expect(page.getByRole('heading', { name: /your order is booked/ })).toBeVisible();
}

test('in the app, a card that already had the 30 % on another account: saved, and the order told it is at the usual price', async ({
  page,
}, testInfo) => {
  const mobile = testInfo.project.name === 'mobile';
  // Each project its own card (TEST MODE gives each test card number one fingerprint) and its
  // own people (door, phone, e-mail).
  const card = mobile ? 'saved' : 'after authentication';
  const person = (role: 'first' | 'second') => {
    const door = (role === 'first' ? 45 : 47) + (mobile ? 0 : 1);
    return {
      door: String(door),
      phone: `07700 9007${door + 30}`,
      email: `app-offer-card-${role}-${testInfo.project.name}@example.com`,
    };
  };
  await runAsInstalledApp(page);

  // The first account saves the card and keeps the offer.
  await appOrderWithCard(page, person('first'), card);
  await expect(page.locator('main')).toContainText(`App discount (${OFFER})`);
  await expect(page.getByRole('status').filter({ hasText: 'usual price' })).toHaveCount(0);

  // Another person with the same card: saved all the same, the offer gone.
  await appOrderWithCard(page, person('second'), card);
  await expect(page.getByRole('status').filter({ hasText: 'usual price' })).toHaveText(
    `The ${OFFER} was already had with this card on another account: it is once per customer, phone number and card, so this order is at the usual price.`,
  );
  await expect(page.locator('main')).not.toContainText('App discount');
  await page.screenshot({
    path: testInfo.outputPath(`app-offer-card-used-${testInfo.project.name}.png`),
    fullPage: true,
  });
  await expectNoSeriousA11yViolations(page);
});
