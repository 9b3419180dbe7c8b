import http from 'node:http';
import fc from 'fast-check';
import { afterAll, beforeAll, beforeEach, expect } from 'vitest';
import type { RouteConfigEntry } from '@react-router/dev/routes';
import routeConfig from '../../app/routes';
import { createStaffUser } from '../../server/auth/staff';
import { catalogueEntities, type FieldSpec } from '../../shared/catalogue-admin';
import {
  MONDAY_6AM,
  demoGuest,
  logIn,
  orderPayload,
  placeGuestOrder,
  signUp,
  staffLogIn,
  startGuestCheckout,
} from './fixtures';
import { startTestServer, type TestServer } from './test-server';

/*
 * Generated bad input over every /api route and every page route (tests/bad-input-*.test.ts):
 * bodies, query strings, path segments and headers. Whatever arrives, the answer is never a
 * 5xx and nothing is logged as a server error. The routes are read from the running router
 * and from app/routes.ts, so a route added later is walked too. npm test runs a few cases per
 * route; CI (CI=true) or FUZZ_RUNS runs many more. The sweeps are three files, so that they
 * run side by side; each starts the same server, accounts and order (useBadInputWorld).
 */
export const RUNS = Number(process.env.FUZZ_RUNS ?? (process.env.CI ? 40 : 6));
export const SEED = process.env.FUZZ_SEED ? Number(process.env.FUZZ_SEED) : undefined;

// ─── What a request can carry ───────────────────────────────────────────────

const nastyStrings = [
  '\u0000',
  'a\u0000b',
  '\ud800x',
  'x\udfff',
  '\u0007bell',
  'line\r\nbreak',
  '%',
  '%zz',
  '%E0%A4%A',
  '%C0%AE%C0%AE',
  '2026-02-30',
  '0000-00-00',
  '2026-13-45',
  '9999-12-31',
  '2147483648',
  '99999999999999999999',
  '-1',
  '0',
  '1e308',
  'NaN',
  '',
  ' ',
  '<script>alert(1)</script>',
  "' OR 1=1 --",
  '../../etc/passwd',
  '__proto__',
  'x'.repeat(5_000),
  '\u202eevil',
  '🧺👔',
  'null',
  '9999999.99',
  '00000000-0000-0000-0000-000000000000',
];

export const nastyString = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom(...nastyStrings) },
  { weight: 1, arbitrary: fc.string({ unit: 'binary', maxLength: 40 }) },
);

const nastyNumber = fc.oneof(
  fc.constantFrom(2 ** 31, 2 ** 31 - 1, -(2 ** 31) - 1, 2 ** 53, -1, 0, 0.5, 1e308, -1e308),
  fc.integer(),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
);

const nastyValue: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 4, arbitrary: nastyString },
  { weight: 2, arbitrary: nastyNumber },
  { weight: 1, arbitrary: fc.constantFrom(null, true, false, [], {}) },
  { weight: 1, arbitrary: fc.array(nastyString, { maxLength: 3 }) },
  { weight: 1, arbitrary: fc.dictionary(nastyString, nastyString, { maxKeys: 3 }) },
);

/** Every field name the API reads somewhere, so random bodies reach real checks. */
export const fieldNames = [
  'id',
  'name',
  'email',
  'phone',
  'phone_number',
  'password',
  'password_confirmation',
  'current_password',
  'new_password',
  'new_password_confirmation',
  'token',
  'otp',
  'address',
  'notes',
  'page',
  'ip',
  'postcode',
  'payment_id',
  'intent_id',
  'client_secret',
  'payment_method',
  'authenticated',
  'paypal_order_id',
  'approve',
  'lines',
  'discount',
  'to',
  'from',
  'day',
  'reason',
  'disabled',
  'role',
  'status',
  'checkout_token',
  'idempotency_key',
  'text',
  'container',
];

/** A leaf somewhere in `base` replaced by a nasty value (or the whole body replaced). */
export function mutated(base: unknown): fc.Arbitrary<unknown> {
  const paths: (string | number)[][] = [];
  const walk = (value: unknown, path: (string | number)[]) => {
    paths.push(path);
    if (Array.isArray(value)) value.forEach((v, i) => walk(v, [...path, i]));
    else if (value && typeof value === 'object')
      for (const [k, v] of Object.entries(value)) walk(v, [...path, k]);
  };
  walk(base, []);
  return fc.tuple(fc.constantFrom(...paths), nastyValue).map(([path, value]) => {
    if (path.length === 0) return value;
    const copy = structuredClone(base) as Record<string | number, unknown>;
    let node = copy;
    for (const key of path.slice(0, -1)) node = node[key] as Record<string | number, unknown>;
    node[path.at(-1)!] = value;
    return copy;
  });
}

export const randomBody = fc.dictionary(fc.constantFrom(...fieldNames), nastyValue, { maxKeys: 6 });

export const badHost = fc.constantFrom(
  'evil.example:99999',
  'a b',
  '[::1',
  'host:port',
  '..',
  'x'.repeat(300),
  'localhost:0x50',
);

/** Percent-encodes any string (a lone surrogate as U+FFFD: a URL carries bytes, not UTF-16). */
export function encode(value: string): string {
  return encodeURIComponent(value.replace(/[\uD800-\uDFFF]/g, '\uFFFD'));
}

// ─── Sending raw requests (fetch would refuse some of these) ────────────────

export type Raw = {
  method: string;
  path: string;
  headers?: Record<string, string>;
  body?: string;
};

export function send(base: string, request: Raw): Promise<{ status: number; body: string }> {
  const url = new URL(base);
  return new Promise((resolve, reject) => {
    let req: http.ClientRequest;
    try {
      req = http.request(
        {
          host: url.hostname,
          port: url.port,
          method: request.method,
          path: request.path,
          headers: {
            ...(request.body !== undefined
              ? {
                  'content-type': 'application/json',
                  'content-length': Buffer.byteLength(request.body),
                }
              : {}),
            ...request.headers,
          },
        },
        (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (c: Buffer) => chunks.push(c));
          res.on('end', () =>
            resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8') }),
          );
        },
      );
    } catch (error) {
      // Node's own client refuses to send it (a control character in the path or a header):
      // nothing reached the server.
      resolve({ status: 0, body: String(error) });
      return;
    }
    req.on('error', reject);
    if (request.body !== undefined) req.write(request.body);
    req.end();
  });
}

// ─── The routes ─────────────────────────────────────────────────────────────

export type ApiRoute = { method: string; path: string };

/** Every route of the /api router, read from the running server itself. */
export function apiRoutes(server: TestServer): ApiRoute[] {
  return server.routes
    .filter((r) => r.url.startsWith('/api/') && !r.url.includes('*') && r.method !== 'HEAD')
    .map((r) => ({ method: r.method, path: r.url }));
}

/** Every page path of app/routes.ts (layouts flattened). */
export function pagePaths(
  entries: RouteConfigEntry[] = routeConfig as RouteConfigEntry[],
): string[] {
  return entries.flatMap((entry) => [
    ...(entry.path !== undefined ? [`/${entry.path}`] : entry.index ? ['/'] : []),
    ...pagePaths(entry.children ?? []),
  ]);
}

/** A path template with its parameters filled from `segment`. */
export function fill(template: string, segment: string): string {
  return (
    template
      .replace(/:[A-Za-z]+\??/g, segment)
      .replace(/\{\*splat\}|\*$/, segment)
      .replace(/\/+$/, '') || '/'
  );
}

/** Path segments: encoded nasty strings, and raw malformed escapes as a browser may send. */
export const pathSegment = fc.oneof(
  nastyString.map((s) => encode(s).slice(0, 2_000) || 'x'),
  fc.constantFrom('%zz', '%', '%E0%A4%A', '%C0%AE%C0%AE', '%00', '%ED%A0%80', '2147483648', '1'),
);

// ─── Systematic sweeps: every leaf × every kind of bad value ────────────────

/** One representative of each kind of value that once reached PostgreSQL and answered 500. */
const badValues: unknown[] = [
  'a\u0000b',
  '\ud800x',
  '\u0007',
  '2026-02-30',
  '0000-00-00',
  '2147483648',
  2147483648,
  '9999999.99',
  'x'.repeat(5_000),
  null,
  {},
  [],
  -1,
];
export const badStrings = badValues.filter((v): v is string => typeof v === 'string');
export const badSegments = [
  '%00',
  '%zz',
  '%',
  '%E0%A4%A',
  '%C0%AE%C0%AE',
  '%ED%A0%80',
  encode('\ud800x'),
  '2147483648',
  '2026-02-30',
  'x'.repeat(300),
];

/** A body with the leaf at `path` replaced by each bad value. */
export function* leafMutations(base: unknown): Generator<unknown> {
  const leaves: (string | number)[][] = [];
  const walk = (value: unknown, at: (string | number)[]) => {
    if (Array.isArray(value)) value.forEach((v, i) => walk(v, [...at, i]));
    else if (value && typeof value === 'object')
      for (const [k, v] of Object.entries(value)) walk(v, [...at, k]);
    else leaves.push(at);
  };
  walk(base, []);
  for (const leaf of leaves) {
    for (const bad of badValues) {
      const copy = structuredClone(base) as Record<string | number, unknown>;
      let node = copy;
      for (const key of leaf.slice(0, -1)) node = node[key] as Record<string | number, unknown>;
      node[leaf.at(-1)!] = bad;
      yield copy;
    }
  }
}

/** A valid value of each kind of catalogue field, so catalogue writes reach the database. */
export function validField(field: FieldSpec): unknown {
  if (typeof field.kind === 'object') return 1;
  return {
    text: 'Fuzz',
    slug: 'fuzz-code',
    textarea: 'Some text',
    html: '<p>Some text</p>',
    int: 1,
    money: '12.50',
    float: 51.5,
    bool: true,
    image: '/images/fuzz.jpg',
    date: '2026-11-23',
    hours: 'Mon-Fri | 08:00-18:00',
    days: 5,
  }[field.kind];
}

export type Who = 'none' | 'customer' | 'owner' | 'checkout';

export type BadInputWorld = {
  readonly server: TestServer;
  readonly base: string;
  /** Credentials a request may carry: none, a customer, the owner, a checkout token. */
  readonly identities: Record<Who, Record<string, string>>;
  /** Valid requests the sweeps start from: the body, and who sends it. */
  readonly valid: Record<string, { body: unknown; as: Who; id?: string }>;
  readonly orderId: string;
  /** Each request from its own address, so per-address limits do not hide the checks behind them. */
  fromNewAddress(): Record<string, string>;
  /** Sends, and fails with the request when the answer is a 5xx or the server logged an error. */
  expectNo5xx(request: Raw): Promise<{ status: number; body: string }>;
  asJson(body: unknown): string;
  headersOf(who: Who): Record<string, string>;
  whoFor(route: ApiRoute): Who;
};

/**
 * The server the sweeps of a file send to, on the production build (the development server
 * answers some malformed addresses itself, before our code sees them), with an owner, a
 * customer, a guest's checkout token and a collected order. Call it at the top of a describe.
 */
export function useBadInputWorld(): BadInputWorld {
  let server: TestServer;
  let base: string;
  let identities: Record<Who, Record<string, string>>;
  let valid: Record<string, { body: unknown; as: Who; id?: string }>;
  let orderId: string;
  let n = 0;
  const fromNewAddress = () => {
    n += 1;
    return { 'x-forwarded-for': `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}` };
  };

  beforeAll(async () => {
    server = await startTestServer({
      pages: 'build',
      now: () => MONDAY_6AM,
      env: { TRUST_PROXY_HOPS: '1' },
    });
    base = server.url;
    await createStaffUser(server.database.db, {
      email: 'owner@fuzz.test',
      name: 'Fuzz Owner',
      role: 'owner',
      password: 'Owner@Pass123',
    });
    const owner = await staffLogIn(server, 'owner@fuzz.test', 'Owner@Pass123', fromNewAddress());
    await signUp(server, { email: 'fuzz@example.com' }, fromNewAddress());
    const customer = await logIn(server, 'fuzz@example.com', undefined, fromNewAddress());
    const placed = await placeGuestOrder(server, { headers: fromNewAddress() });
    orderId = placed.order.order_id;
    // Collected, so itemising (the money checks) is reached, not refused for its status.
    const moved = await server.api(`/api/admin/orders/${orderId}/status`, {
      body: { to: 'collected' },
      headers: { authorization: `Bearer ${owner}` },
    });
    expect(moved.status).toBe(200);
    const checkout = await startGuestCheckout(server, demoGuest, fromNewAddress());
    identities = {
      none: {},
      customer: { authorization: `Bearer ${customer}` },
      owner: { authorization: `Bearer ${owner}` },
      checkout: { 'x-checkout-token': checkout.checkout_token },
    };
    const catalogue = Object.fromEntries(
      Object.entries(catalogueEntities).map(([entity, spec]) => [
        entity,
        Object.fromEntries(
          (spec.fields as readonly FieldSpec[]).map((f) => [f.key, validField(f)]),
        ),
      ]),
    );
    valid = {
      'POST /api/guest': { body: demoGuest, as: 'none' },
      'POST /api/register': {
        body: { ...demoGuest, email: 'new@example.com', password: 'Secret@123' },
        as: 'none',
      },
      'POST /api/placeorder': {
        body: orderPayload({ address: { ...demoGuest.address, line2: '', company: '' } }),
        as: 'customer',
      },
      'POST /api/login': { body: { email: 'fuzz@example.com', password: 'Wrong@123' }, as: 'none' },
      'POST /api/updateprofile': {
        body: {
          name: 'Fuzz',
          email: 'fuzz@example.com',
          phone_number: '07700 900456',
          current_password: 'Secret@123',
        },
        as: 'customer',
      },
      'POST /api/area-waitlist': { body: { email: 'a@b.co', postcode: 'CR0 1NA' }, as: 'none' },
      'POST /api/newsletter': { body: { email: 'a@b.co' }, as: 'none' },
      'POST /api/user-info': { body: { page: 'home', ip: '1.2.3.4' }, as: 'none' },
      'POST /api/update-payment-method': {
        body: { id: orderId, payment_id: 'seti_123' },
        as: 'checkout',
      },
      'POST /api/paypal-success': {
        body: { id: orderId, payment_id: 'PAYPAL123' },
        as: 'checkout',
      },
      'POST /api/payment/card/setup': { body: { id: orderId }, as: 'checkout' },
      'POST /api/payment/test/confirm': {
        body: { intent_id: 'seti_1', client_secret: 'secret', payment_method: 'pm_card_visa' },
        as: 'none',
      },
      'POST /api/admin/login': { body: { email: 'owner@fuzz.test', password: 'x' }, as: 'none' },
      'PUT /api/admin/orders/:id/items': {
        body: { lines: [{ service_id: 1, quantity: 2, unit_price: '12.50' }], discount: '1.00' },
        as: 'owner',
        id: orderId,
      },
      'POST /api/admin/slots/closed-dates': {
        body: { day: '2026-12-25', reason: 'Christmas' },
        as: 'owner',
      },
      'POST /api/admin/staff': {
        body: { name: 'Fuzz Staff', email: 'staff@fuzz.test', role: 'staff' },
        as: 'owner',
      },
      ...Object.fromEntries(
        Object.entries(catalogue).map(([entity, body]) => [
          `POST /api/admin/catalogue/${entity}`,
          { body, as: 'owner' as const },
        ]),
      ),
    };
  }, 180_000);

  // Each sweep answers for itself: an error logged by an earlier one is not carried over.
  beforeEach(() => {
    server.errors.length = 0;
  });

  afterAll(async () => {
    await server?.stop();
  });

  async function expectNo5xx(request: Raw) {
    const reply = await send(base, request);
    const problem =
      reply.status >= 500
        ? `answered ${reply.status}`
        : server.errors.length
          ? `logged an error: ${server.errors.join('\n').slice(0, 800)}`
          : null;
    if (problem) {
      throw new Error(
        `${request.method} ${request.path} ${problem}\n` +
          `headers: ${JSON.stringify(request.headers)}\nbody: ${request.body?.slice(0, 500)}\n` +
          `reply: ${reply.body.slice(0, 300)}`,
      );
    }
    return reply;
  }

  const asJson = (body: unknown) => JSON.stringify(body);
  const headersOf = (who: Who) => ({ ...identities[who], ...fromNewAddress(), origin: base });
  const whoFor = (route: ApiRoute): Who =>
    route.path.startsWith('/api/admin/')
      ? 'owner'
      : route.path.endsWith('/logout')
        ? 'none'
        : 'customer';
  return {
    get server() {
      return server;
    },
    get base() {
      return base;
    },
    get identities() {
      return identities;
    },
    get valid() {
      return valid;
    },
    get orderId() {
      return orderId;
    },
    fromNewAddress,
    expectNo5xx,
    asJson,
    headersOf,
    whoFor,
  };
}
