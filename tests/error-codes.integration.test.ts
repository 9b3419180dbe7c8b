import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { allEndpoints, type Endpoint } from '@shared/api';
import { errorCodeList, type ErrorCode } from '@shared/error-codes';
import { httpStatusOfCode } from '../server/error-status';
import { createStaffUser } from '../server/auth/staff';
import {
  MONDAY_6AM,
  demoGuest,
  logIn,
  orderPayload,
  pinnedSlots,
  placeGuestOrder,
  signUp,
  staffLogIn,
  startGuestCheckout,
} from './helpers/fixtures';
import { startTestServer, type TestServer } from './helpers/test-server';

/*
 * Issue 30: every error reply of /api carries a `code` of shared/error-codes.ts, and the
 * situations a page or client tells apart have their own. The test server also checks every
 * JSON error reply under /api against the contract's error shape, code included
 * (checkRepliesAgainstContract), so any integration test that meets a reply without a code
 * fails at its server's stop().
 */

type ErrorBody = { status: false; code: ErrorCode; message: string; errors?: object };

let server: TestServer;
let n = 0;
const fromNewAddress = () => ({ 'x-forwarded-for': `10.30.${(++n >> 8) & 255}.${n & 255}` });
const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });

beforeAll(async () => {
  server = await startTestServer({ now: () => MONDAY_6AM, env: { TRUST_PROXY_HOPS: '1' } });
}, 60_000);
afterAll(async () => {
  await server?.stop();
});

/** Sends a raw request and reads its body as JSON. */
async function send(
  path: string,
  init: { method?: string; body?: string; headers?: Record<string, string> } = {},
) {
  const response = await fetch(server.url + path, {
    method: init.method ?? 'GET',
    body: init.body,
    headers: { ...fromNewAddress(), ...init.headers },
  });
  const text = await response.text();
  return { status: response.status, body: JSON.parse(text) as ErrorBody };
}

/** An error reply: JSON with a code of the list, sent with the status of its kind. */
function expectCoded(where: string, reply: { status: number; body: unknown }) {
  const body = reply.body as Partial<ErrorBody>;
  expect(body, `${where} answered ${reply.status}`).toMatchObject({ status: false });
  expect(errorCodeList, `${where}: code ${String(body.code)}`).toContain(body.code);
  expect(httpStatusOfCode(body.code!), `${where}: ${body.code} with ${reply.status}`).toBe(
    reply.status,
  );
  expect(typeof body.message).toBe('string');
}

const pathOf = (endpoint: Endpoint, value: string) =>
  endpoint.path.replace(/:([A-Za-z_]\w*)/g, () => value);

describe('every error reply carries a code', () => {
  it('walks every endpoint of the contract: anonymous, as a customer, as a driver, with nonsense', async () => {
    await signUp(server, { email: 'codes@example.com' }, fromNewAddress());
    const customer = await logIn(server, 'codes@example.com', undefined, fromNewAddress());
    await createStaffUser(server.database.db, {
      email: 'driver@codes.test',
      name: 'Code Driver',
      role: 'driver',
      password: 'Driver@Pass123',
    });
    const driver = await staffLogIn(
      server,
      'driver@codes.test',
      'Driver@Pass123',
      fromNewAddress(),
    );
    const seen = new Map<ErrorCode, number>();
    let errors = 0;
    const endpoints = allEndpoints().filter((e) => !e.path.startsWith('/api/webhooks/'));
    for (const endpoint of endpoints) {
      for (const [who, headers] of [
        ['anyone', {}],
        ['a customer', bearer(customer)],
        ['a driver', bearer(driver)],
      ] as const) {
        for (const id of ['00000000-0000-4000-8000-000000000000', '%3Cx%3E']) {
          const reply = await send(pathOf(endpoint, id), {
            method: endpoint.method,
            headers: { ...headers, 'content-type': 'application/json' },
            body: endpoint.method === 'GET' ? undefined : JSON.stringify({ nonsense: [1] }),
          });
          if (reply.status < 400) continue;
          errors += 1;
          expectCoded(`${endpoint.method} ${endpoint.path} as ${who}`, reply);
          seen.set(reply.body.code, (seen.get(reply.body.code) ?? 0) + 1);
        }
      }
    }
    // Most of the walk is refused, in many ways: the walk reaches the codes it means to.
    expect(errors).toBeGreaterThan(endpoints.length * 3);
    for (const code of [
      'unauthenticated',
      'staff-role-required',
      'not-found',
      'malformed-request',
      'validation-failed',
    ] as const) {
      expect([...seen.keys()], code).toContain(code);
    }
  }, 240_000);

  it('answers what Fastify and the guards refuse before any endpoint runs', async () => {
    const json = { 'content-type': 'application/json' };
    const cases: [string, Parameters<typeof send>[1] & { path?: string }, ErrorCode][] = [
      ['an unknown endpoint', { path: '/api/no-such-thing' }, 'endpoint-not-found'],
      ['an unknown method', { path: '/api/pricelist', method: 'DELETE' }, 'endpoint-not-found'],
      ['broken JSON', { method: 'POST', headers: json, body: '{"email":' }, 'malformed-request'],
      [
        'a body that is not JSON',
        { method: 'POST', headers: { 'content-type': 'application/xml' }, body: '<a/>' },
        'unsupported-media-type',
      ],
      [
        'a body too large',
        { method: 'POST', headers: json, body: JSON.stringify({ x: 'x'.repeat(2_000_000) }) },
        'request-too-large',
      ],
      [
        'a write from another site',
        {
          method: 'POST',
          headers: { ...json, origin: 'https://evil.example' },
          body: '{}',
        },
        'cross-site-request',
      ],
      ['an unreadable address', { path: '/api/getarea/%E0%A4%A' }, 'malformed-request'],
    ];
    for (const [what, { path, ...init }, code] of cases) {
      const reply = await send(path ?? '/api/login', init);
      expectCoded(what, reply);
      expect(reply.body.code, what).toBe(code);
    }
  });

  it('a rate limit says rate-limited', async () => {
    const from = { 'x-forwarded-for': '10.31.0.1', 'content-type': 'application/json' };
    let last: Awaited<ReturnType<typeof send>> | undefined;
    for (let i = 0; i < 30; i += 1) {
      last = await send('/api/login', {
        method: 'POST',
        headers: from,
        body: JSON.stringify({ email: 'nobody@example.com', password: 'wrong-password' }),
      });
      if (last.status === 429) break;
      expect(last.body.code).toBe('login-failed');
    }
    expectCoded('the 30th log-in', last!);
    expect(last!.body.code).toBe('rate-limited');
  });
});

describe('specific situations have their own codes', () => {
  it('a window others filled is slot-full; one past its cut-off is slot-gone', async () => {
    // Four places a window (the demo's capacity): four guests take Tuesday 09:00.
    for (let i = 0; i < 4; i += 1) {
      await placeGuestOrder(server, {
        details: { email: `full${i}@example.com` },
        headers: fromNewAddress(),
        slots: { ...pinnedSlots, delivery: { slot_date: '2026-11-27', slot_start: `1${i}:00` } },
      });
    }
    const checkout = await startGuestCheckout(server, demoGuest, fromNewAddress());
    const place = (slots: typeof pinnedSlots) =>
      send('/api/placeorder', {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'X-Checkout-Token': checkout.checkout_token,
        },
        body: JSON.stringify(orderPayload({}, slots)),
      });
    const full = await place(pinnedSlots);
    expectCoded('a full window', full);
    expect(full.body.code).toBe('slot-full');
    const past = await place({
      ...pinnedSlots,
      pickup: { slot_date: '2026-11-23', slot_start: '07:00' },
    });
    expectCoded('a window past its cut-off', past);
    expect(past.body.code).toBe('slot-gone');
  });

  it('a promo code nobody issued is promo-unknown; a postcode we do not serve is postcode-not-covered', async () => {
    const checkout = await startGuestCheckout(server, demoGuest, fromNewAddress());
    const promo = await send('/api/placeorder', {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'X-Checkout-Token': checkout.checkout_token },
      body: JSON.stringify(
        orderPayload(
          { promo_code: 'NO-SUCH-CODE' },
          { ...pinnedSlots, pickup: { slot_date: '2026-11-24', slot_start: '15:00' } },
        ),
      ),
    });
    expectCoded('an unknown promo code', promo);
    expect(promo.body.code).toBe('promo-unknown');

    const far = await send('/api/guest', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        ...demoGuest,
        address: { door_number: '1', line1: 'Princes Street', postcode: 'EH1 1AA' },
      }),
    });
    expectCoded('a postcode outside the areas', far);
    expect(far.body.code).toBe('postcode-not-covered');
  });

  it('an order without a checkout token is checkout-expired', async () => {
    const reply = await send('/api/placeorder', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(orderPayload()),
    });
    expectCoded('no checkout token', reply);
    expect(reply.body.code).toBe('checkout-expired');
  });
});
