import { paymentPagePath } from '../../server/auth/order-access';
import { createServer } from 'node:net';
import { chromium, type Browser, type BrowserContext, type Page } from '@playwright/test';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orders, payments } from '../../server/db/schema';
import { insertOrderRow } from '@tests/helpers/fixtures';
import { startTestServer, type TestServer } from '@tests/helpers/test-server';
import { chromiumArgs, testBrowserPath } from '@tests/helpers/chromium';
import { startStripeStandIn, type StripeStandIn } from '@tests/helpers/stripe-stand-in';
import { startPayPalStandIn, type PayPalStandIn } from '@tests/helpers/paypal-stand-in';

/*
 * The payment page with real provider keys, in Chromium over the production build (with its
 * Content-Security-Policy): Stripe.js and its card Element come from a local Stripe stand-in
 * (STRIPE_JS_URL), PayPal's approval page from a local PayPal stand-in. The same code runs
 * against js.stripe.com and paypal.com with live keys.
 */

const HOUR = 60 * 60 * 1000;
const CARD_FRAME = 'iframe[title="Secure card payment input frame"]';
const CHALLENGE_FRAME = 'iframe[name="stripe-challenge-frame"]';

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const probe = createServer();
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
}

describe('payment page with Stripe Elements and PayPal (live-key code path)', () => {
  let server: TestServer;
  let stripe: StripeStandIn;
  let paypal: PayPalStandIn;
  let browser: Browser;
  let seq = 0;

  beforeAll(async () => {
    stripe = await startStripeStandIn();
    paypal = await startPayPalStandIn();
    const port = await freePort();
    server = await startTestServer({
      pages: 'build',
      env: {
        NODE_ENV: 'production',
        PORT: String(port),
        PUBLIC_URL: `http://127.0.0.1:${port}`,
        STRIPE_SECRET_KEY: 'sk_test_standin',
        STRIPE_PUBLISHABLE_KEY: 'pk_test_standin',
        STRIPE_API_BASE: stripe.url,
        STRIPE_JS_URL: `${stripe.url}/v3/`,
        PAYPAL_CLIENT_ID: paypal.clientId,
        PAYPAL_CLIENT_SECRET: paypal.clientSecret,
        PAYPAL_API_BASE: paypal.url,
      },
    });
    browser = await chromium.launch({ executablePath: testBrowserPath, args: chromiumArgs });
  }, 120_000);

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    await stripe?.close();
    await paypal?.close();
  });

  /** An order waiting for payment details, or (invoiced) with £37.00 due after cleaning. */
  async function makeOrder(kind: 'pending payment' | 'invoiced') {
    seq += 1;
    return insertOrderRow(server.database.db, new Date(Date.now() + 24 * HOUR), {
      status: kind === 'invoiced' ? 'ready' : 'pending payment',
      customerEmail: `live${seq}@example.com`,
      ...(kind === 'invoiced'
        ? { subtotalPence: 3700, totalPence: 3700, amountDuePence: 3700, invoicedAt: new Date() }
        : {}),
    });
  }

  /** The payment page as our e-mails link to it, with the signed token (no login needed). */
  const signedPaymentPage = (id: string) => paymentPagePath(server.services, id, new Date());

  const orderRow = async (id: string) =>
    (await server.database.db.select().from(orders).where(eq(orders.id, id)))[0]!;

  /**
   * A page that records what the browser sends to our server and any CSP violation, so the
   * tests can show that no card number reaches us and that the policy allows Stripe.js.
   */
  async function openPayment(id: string, width = 1280) {
    const context: BrowserContext = await browser.newContext({
      viewport: { width, height: 900 },
    });
    await context.addInitScript(() => {
      localStorage.setItem('promo_dismissed_at', String(Date.now()));
      localStorage.setItem('app_banner_dismissed_at', String(Date.now()));
    });
    const page = await context.newPage();
    const sentToUs: string[] = [];
    const cspViolations: string[] = [];
    page.on('request', (request) => {
      if (request.url().startsWith(server.url)) {
        sentToUs.push(`${request.url()} ${request.postData() ?? ''}`);
      }
    });
    page.on('console', (message) => {
      if (/Content Security Policy/i.test(message.text())) cspViolations.push(message.text());
    });
    await page.goto(`${server.url}${signedPaymentPage(id)}`);
    return { page, context, sentToUs, cspViolations };
  }

  async function fillCard(page: Page, number: string) {
    const card = page.frameLocator(CARD_FRAME);
    await card.getByLabel('Card number').fill(number);
    await card.getByLabel('Expiry date').fill('12 / 30');
    await card.getByLabel('CVC').fill('123');
  }

  it('saves a card (4242) with Stripe Elements; the number never reaches our server', async () => {
    const order = await makeOrder('pending payment');
    const { page, context, sentToUs, cspViolations } = await openPayment(order.id, 375);
    await page.getByRole('heading', { name: 'CARD DETAILS (PAYMENT AFTER CLEANING)' }).waitFor();
    expect(await page.getByText('TEST MODE').count()).toBe(0);
    // Issue 31: Stripe's Payment Element, for a £0.00 save, with the wallets (Apple Pay,
    // Google Pay) where the device has them.
    await page.locator(CARD_FRAME).waitFor();
    expect(
      await page.evaluate(() => (window as { __stripeStandIn?: unknown }).__stripeStandIn),
    ).toEqual({
      type: 'payment',
      elements: expect.objectContaining({ mode: 'setup', currency: 'gbp' }),
      options: expect.objectContaining({ wallets: { applePay: 'auto', googlePay: 'auto' } }),
    });
    await fillCard(page, '4242 4242 4242 4242');
    await page.screenshot({ path: 'test-results/payments-live/card-375.png', fullPage: true });
    await page.getByRole('button', { name: 'Save card' }).click();
    await page.waitForURL(/\/order\/complete\//);
    await page.getByRole('heading', { name: /your order is booked/ }).waitFor();

    expect(await orderRow(order.id)).toMatchObject({
      paymentMethod: 'card',
      paymentState: 'card_saved',
      status: 'pending',
    });
    const [saved] = await server.database.db
      .select()
      .from(payments)
      .where(eq(payments.orderId, order.id));
    expect(saved).toMatchObject({ provider: 'stripe', status: 'succeeded', cardLast4: '4242' });
    // The card went from the iframe to Stripe: nothing of it in what the page sent us.
    expect(sentToUs.some((line) => line.includes('/api/update-payment-method'))).toBe(true);
    expect(sentToUs.join('\n')).not.toMatch(/4242 ?4242 ?4242 ?4242/);
    expect(stripe.calls).toContain(
      `POST /v1/setup_intents/${saved!.providerRef}/confirm (publishable)`,
    );
    expect(cspViolations).toEqual([]);
    await context.close();
  });

  it('shows Stripe’s message for a declined card (0002) and stays on the page', async () => {
    const order = await makeOrder('pending payment');
    const { page, context } = await openPayment(order.id);
    await fillCard(page, '4000 0000 0000 0002');
    await page.getByRole('button', { name: 'Save card' }).click();
    await page.getByRole('alert').filter({ hasText: 'Your card was declined.' }).waitFor();
    expect(page.url()).toContain(`/order/payment/${order.id}`);
    expect((await orderRow(order.id)).paymentState).toBe('none');
    await context.close();
  });

  it('3-D Secure (3155): a failed challenge is refused; a completed one saves the card', async () => {
    const order = await makeOrder('pending payment');
    const { page, context } = await openPayment(order.id);
    await fillCard(page, '4000 0025 0000 3155');
    await page.getByRole('button', { name: 'Save card' }).click();
    await page.getByRole('button', { name: 'Saving your card…' }).waitFor();
    await page
      .frameLocator(CHALLENGE_FRAME)
      .getByRole('button', { name: 'Fail authentication' })
      .click();
    await page
      .getByRole('alert')
      .filter({ hasText: /unable to authenticate/ })
      .waitFor();

    await page.getByRole('button', { name: 'Save card' }).click();
    await page.getByRole('button', { name: 'Saving your card…' }).waitFor();
    await page
      .frameLocator(CHALLENGE_FRAME)
      .getByRole('button', { name: 'Complete authentication' })
      .click();
    await page.waitForURL(/\/order\/complete\//);
    expect((await orderRow(order.id)).paymentState).toBe('card_saved');
    await context.close();
  });

  it('Pay Now after cleaning: the invoice paid with 3-D Secure, once', async () => {
    const order = await makeOrder('invoiced');
    const { page, context, cspViolations } = await openPayment(order.id);
    await page.getByRole('heading', { name: `Pay for LD-${order.orderNo}: £37.00 due` }).waitFor();
    await fillCard(page, '4000 0025 0000 3155');
    await page.screenshot({ path: 'test-results/payments-live/invoice-1280.png', fullPage: true });
    await page.getByRole('button', { name: 'Pay £37.00' }).click();
    await page
      .frameLocator(CHALLENGE_FRAME)
      .getByRole('button', { name: 'Complete authentication' })
      .click();
    await page.waitForURL(/\/payment\/complete\//);
    await page.getByRole('heading', { name: 'Your Payment is confirmed!' }).waitFor();
    expect(await orderRow(order.id)).toMatchObject({
      amountDuePence: 0,
      paidPence: 3700,
      paymentState: 'paid',
    });
    // Spec 2: the conversion event (30.0 GBP) fires on the result page.
    await expect
      .poll(() =>
        page.evaluate(() => (window.dataLayer ?? []).filter((e) => e.event === 'conversion')),
      )
      .toEqual([expect.objectContaining({ value: 30, currency: 'GBP', transaction_id: order.id })]);
    await page.screenshot({ path: 'test-results/payments-live/payment-complete-1280.png' });
    expect(cspViolations).toEqual([]);
    await context.close();
  });

  it('PayPal: approved on PayPal’s page, back to the confirmation; cancelled: the error panel', async () => {
    const approved = await makeOrder('pending payment');
    const first = await openPayment(approved.id);
    await first.page.getByRole('button', { name: 'Pay with PayPal' }).click();
    await first.page.waitForURL(`${paypal.url}/checkoutnow?**`);
    await first.page.getByText('Skip basket').waitFor();
    await first.page.getByRole('button', { name: 'Approve payment' }).click();
    await first.page.waitForURL(/\/order\/complete\//);
    expect(await orderRow(approved.id)).toMatchObject({
      paymentMethod: 'paypal',
      paymentState: 'paypal_verified',
      status: 'pending',
    });
    await first.context.close();

    const cancelled = await makeOrder('pending payment');
    const second = await openPayment(cancelled.id);
    await second.page.getByRole('button', { name: 'Pay with PayPal' }).click();
    await second.page.getByRole('button', { name: 'Cancel and return' }).click();
    await second.page.waitForURL(/\/order\/cancel\//);
    await second.page.getByRole('heading', { name: 'Sorry / payment Error' }).waitFor();
    expect((await orderRow(cancelled.id)).paymentState).toBe('none');
    await second.context.close();
  });

  it('Pay Now with PayPal: the amount due approved on PayPal, then the payment confirmation', async () => {
    const order = await makeOrder('invoiced');
    const { page, context } = await openPayment(order.id, 375);
    await page.getByRole('button', { name: 'Pay with PayPal' }).click();
    await page.waitForURL(`${paypal.url}/checkoutnow?**`);
    await page.getByRole('heading', { name: 'PayPal stand-in: pay £37.00' }).waitFor();
    await page.getByRole('button', { name: 'Approve payment' }).click();
    await page.waitForURL(/\/payment\/complete\//);
    await page.getByRole('heading', { name: 'Your Payment is confirmed!' }).waitFor();
    expect(await orderRow(order.id)).toMatchObject({
      paymentMethod: 'paypal',
      paymentState: 'paid',
      amountDuePence: 0,
    });
    await context.close();
  });

  it('Pay Now with PayPal cancelled on PayPal: the payment-error notice, nothing paid', async () => {
    const order = await makeOrder('invoiced');
    const { page, context } = await openPayment(order.id, 375);
    await page.getByRole('button', { name: 'Pay with PayPal' }).click();
    await page.getByRole('button', { name: 'Cancel and return' }).click();
    await page.waitForURL(/\/payment\/cancel\//);
    await page.getByRole('heading', { name: 'Your payment was not completed' }).waitFor();
    expect(await page.locator('main').innerText()).toContain('(020) 7328 5621');
    await page.screenshot({ path: 'test-results/payments-live/payment-cancel-375.png' });
    expect((await orderRow(order.id)).amountDuePence).toBe(3700);
    await context.close();
  });

  it('Stripe.js unreachable: the card step says the payment tools are not ready', async () => {
    const order = await makeOrder('pending payment');
    const context = await browser.newContext();
    await context.route(
      (url) => url.href.startsWith(`${stripe.url}/v3`),
      (route) => route.abort(),
    );
    const page = await context.newPage();
    await page.goto(`${server.url}${signedPaymentPage(order.id)}`);
    await page.getByText('The secure card form could not load.').waitFor();
    await page.getByRole('button', { name: 'Save card' }).click();
    await page
      .getByRole('alert')
      .filter({ hasText: 'Sorry! Something went wrong, please contact customer care.' })
      .waitFor();
    await context.close();
  });
});
