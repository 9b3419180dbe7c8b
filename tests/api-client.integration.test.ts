import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, type RequestOf } from '../shared/api';
import { createClient } from '../shared/api/client';
import { routes } from '../shared/api/routes';
import { demoGuest, MONDAY_6AM, orderPayload } from '@tests/helpers/fixtures';
import { startTestServer, type TestServer } from '@tests/helpers/test-server';

/*
 * The website's typed client (shared/api/client.ts) against the real server: the URLs it
 * builds, the headers it sends and the replies it types. The server's reply-schema hook checks
 * every reply here against the contract.
 */
describe('the typed API client against the server', () => {
  let server: TestServer;
  let call: ReturnType<typeof createClient>;
  const unauthorized: string[] = [];

  beforeAll(async () => {
    server = await startTestServer({ now: () => MONDAY_6AM });
    call = createClient({
      baseUrl: server.url,
      onUnauthorized: (e) => unauthorized.push(`${e.method} ${e.path}`),
    });
  }, 60_000);
  afterAll(async () => {
    await server?.stop();
  });

  it('lists collection slots, then the deliveries of one (its path parameter encoded)', async () => {
    const pickups = await call(routes.booking.pickupSlots);
    expect(pickups.ok).toBe(true);
    if (!pickups.ok) return;
    const first = pickups.data[0]!;
    const deliveries = await call(routes.booking.deliverySlots, {
      params: { slot: `${first.slot_date} ${first.slot_start}` },
    });
    expect(deliveries.ok).toBe(true);
    if (deliveries.ok) expect(deliveries.data[0]?.slot_start).toBe('express');
  });

  it('checks coverage and finds an address with a query string', async () => {
    const coverage = await call(routes.booking.coverage, { query: { postcode: 'W9 2HD' } });
    expect(coverage).toMatchObject({ ok: true, status: 200, data: { served: true } });
    const found = await call(api.booking.findAddress, { query: { text: '12 Elgin Avenue' } });
    expect(found.ok).toBe(true);
    if (!found.ok) return;
    const address = found.data.Items.find((i) => i.Type === 'Address');
    if (!address) return;
    const retrieved = await call(routes.booking.retrieveAddress, { params: { id: address.Id } });
    expect(retrieved.ok).toBe(true);
    if (retrieved.ok) expect(retrieved.data.Items[0]?.PostalCode).toBeTruthy();
  });

  it('returns the error shape: field messages on a 422, a 401 told to onUnauthorized', async () => {
    const refused = await call(routes.accounts.checkLoginEmail, { body: { email: 'nope' } });
    expect(refused.ok).toBe(false);
    if (refused.ok) return;
    expect(refused.status).toBe(422);
    expect(refused.error.message).toBeTruthy();
    expect(Object.keys(refused.error.errors ?? {})).toContain('email');

    const orders = await call(routes.accounts.orders);
    expect(orders).toMatchObject({ ok: false, status: 401 });
    expect(unauthorized).toEqual(['GET /api/orders']);

    const missing = await call(routes.checkout.orderConfirmation, { params: { id: 'not-a-uuid' } });
    expect(missing).toMatchObject({ ok: false, status: 400 });
  });

  it('posts without a body where the endpoint takes none', async () => {
    const out = await call(routes.accounts.logOut);
    expect(out).toMatchObject({ ok: true, status: 200, data: { status: true } });
  });

  it('places a guest order with the checkout token as X-Checkout-Token', async () => {
    const guest = await call(routes.checkout.guest, { body: demoGuest });
    expect(guest.ok).toBe(true);
    if (!guest.ok) return;
    const request = { body: orderPayload() } as RequestOf<typeof api.checkout.placeOrder>;
    const withoutToken = await call(routes.checkout.placeOrder, request);
    expect(withoutToken).toMatchObject({ ok: false, status: 401 });
    const placed = await call(routes.checkout.placeOrder, request, {
      checkoutToken: guest.data.checkout_token,
    });
    expect(placed.ok).toBe(true);
    if (placed.ok) expect(placed.data.order.order_no).toMatch(/^LD-/);
  });
});
