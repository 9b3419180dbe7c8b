import http from 'node:http';
import fc from 'fast-check';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { RouteConfigEntry } from '@react-router/dev/routes';
import routeConfig from '../app/routes';
import { eq } from 'drizzle-orm';
import { createStaffUser } from '../server/auth/staff';
import { services } from '../server/db/schema';
import { catalogueEntities, type FieldSpec } from '../shared/catalogue-admin';
import {
  MONDAY_6AM,
  demoGuest,
  logIn,
  orderPayload,
  placeGuestOrder,
  signUp,
  staffLogIn,
  startGuestCheckout,
} from '@tests/helpers/fixtures';
import { startTestServer, type TestServer } from '@tests/helpers/test-server';

/*
 * Generated bad input over every /api route and every page route: bodies, query strings,
 * path segments and headers. Whatever arrives, the answer is never a 5xx and nothing is
 * logged as a server error. The routes are read from the running router and from
 * app/routes.ts, so a route added later is walked too. npm test runs a few cases per route;
 * CI (CI=true) or FUZZ_RUNS runs many more.
 */
const RUNS = Number(process.env.FUZZ_RUNS ?? (process.env.CI ? 40 : 6));
const SEED = process.env.FUZZ_SEED ? Number(process.env.FUZZ_SEED) : undefined;

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

const nastyString = fc.oneof(
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
const fieldNames = [
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
function mutated(base: unknown): fc.Arbitrary<unknown> {
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

const randomBody = fc.dictionary(fc.constantFrom(...fieldNames), nastyValue, { maxKeys: 6 });

const badHost = fc.constantFrom(
  'evil.example:99999',
  'a b',
  '[::1',
  'host:port',
  '..',
  'x'.repeat(300),
  'localhost:0x50',
);

/** Percent-encodes any string (a lone surrogate as U+FFFD: a URL carries bytes, not UTF-16). */
function encode(value: string): string {
  return encodeURIComponent(value.replace(/[\uD800-\uDFFF]/g, '\uFFFD'));
}

// ─── Sending raw requests (fetch would refuse some of these) ────────────────

type Raw = {
  method: string;
  path: string;
  headers?: Record<string, string>;
  body?: string;
};

function send(base: string, request: Raw): Promise<{ status: number; body: string }> {
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

type ApiRoute = { method: string; path: string };

/** Every route of the /api router, read from the running server itself. */
function apiRoutes(server: TestServer): ApiRoute[] {
  return server.routes
    .filter((r) => r.url.startsWith('/api/') && !r.url.includes('*') && r.method !== 'HEAD')
    .map((r) => ({ method: r.method, path: r.url }));
}

/** Every page path of app/routes.ts (layouts flattened). */
function pagePaths(entries: RouteConfigEntry[] = routeConfig as RouteConfigEntry[]): string[] {
  return entries.flatMap((entry) => [
    ...(entry.path !== undefined ? [`/${entry.path}`] : entry.index ? ['/'] : []),
    ...pagePaths(entry.children ?? []),
  ]);
}

/** A path template with its parameters filled from `segment`. */
function fill(template: string, segment: string): string {
  return (
    template
      .replace(/:[A-Za-z]+\??/g, segment)
      .replace(/\{\*splat\}|\*$/, segment)
      .replace(/\/+$/, '') || '/'
  );
}

/** Path segments: encoded nasty strings, and raw malformed escapes as a browser may send. */
const pathSegment = fc.oneof(
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
const badStrings = badValues.filter((v): v is string => typeof v === 'string');
const badSegments = [
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
function* leafMutations(base: unknown): Generator<unknown> {
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
function validField(field: FieldSpec): unknown {
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
  }[field.kind];
}

// ─── The test ───────────────────────────────────────────────────────────────

type Who = 'none' | 'customer' | 'owner' | 'checkout';

describe('generated bad input never gets a 5xx', () => {
  let server: TestServer;
  let base: string;
  /** Credentials a request may carry: none, a customer, the owner, a checkout token. */
  let identities: Record<Who, Record<string, string>>;
  /** Valid requests the sweeps start from: the body, and who sends it. */
  let valid: Record<string, { body: unknown; as: Who; id?: string }>;
  let orderId: string;
  let n = 0;
  /** Each request from its own address, so per-address limits do not hide the checks behind them. */
  const fromNewAddress = () => {
    n += 1;
    return { 'x-forwarded-for': `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}` };
  };

  beforeAll(async () => {
    // Pages are walked on the production build, as they are served (the development server
    // answers some malformed addresses itself, before our code sees them).
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

  /** Sends, and fails with the request when the answer is a 5xx or the server logged an error. */
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

  it('every leaf of every valid request, replaced by each kind of bad value', async () => {
    let sent = 0;
    for (const [key, spec] of Object.entries(valid)) {
      const [method, template] = key.split(' ') as [string, string];
      const url = fill(template, spec.id ?? 'x');
      for (const body of leafMutations(spec.body)) {
        await expectNo5xx({ method, path: url, headers: headersOf(spec.as), body: asJson(body) });
        sent += 1;
      }
    }
    expect(sent).toBeGreaterThan(500);
  }, 600_000);

  it('every query parameter and path parameter of every /api route, with each bad value', async () => {
    const routes = apiRoutes(server);
    // The router was read, not an empty list: public, customer, payment and back-office routes.
    expect(routes.length).toBeGreaterThan(60);
    const queryNames = [
      'q',
      'date',
      'before',
      'entity',
      'entity_id',
      'status',
      'text',
      'container',
      'postcode',
    ];
    for (const route of routes) {
      const who = whoFor(route);
      if (route.method === 'GET') {
        for (const name of queryNames) {
          for (const bad of badStrings) {
            const query = new URLSearchParams({
              [name]: bad.replace(/[\uD800-\uDFFF]/g, '\uFFFD'),
            });
            await expectNo5xx({
              method: 'GET',
              path: `${fill(route.path, '1')}?${query}`,
              headers: headersOf(who),
            });
          }
          await expectNo5xx({
            method: 'GET',
            path: `${fill(route.path, '1')}?${name}=%00`,
            headers: headersOf(who),
          });
        }
      }
      if (route.path.includes(':')) {
        for (const segment of badSegments) {
          await expectNo5xx({
            method: route.method,
            path: fill(route.path, segment),
            headers: headersOf(who),
            body: route.method === 'GET' || route.method === 'DELETE' ? undefined : '{}',
          });
        }
      }
    }
  }, 600_000);

  it('random bodies, query strings, path segments and credentials on every /api route', async () => {
    for (const route of apiRoutes(server)) {
      const key = `${route.method} ${route.path}`;
      const bodies = valid[key] !== undefined ? mutated(valid[key].body) : randomBody;
      // Logging out with the shared credentials would sign the rest of the walk out.
      const who: Who[] = route.path.endsWith('/logout')
        ? ['none']
        : ['none', 'customer', 'owner', 'checkout'];
      await fc.assert(
        fc.asyncProperty(
          fc.constantFrom(...who),
          pathSegment,
          fc.oneof(
            fc.constant(''),
            fc
              .dictionary(
                fc.constantFrom(...fieldNames, 'q', 'date', 'before', 'entity'),
                nastyString,
                {
                  maxKeys: 3,
                },
              )
              .map((q) => `?${new URLSearchParams(q as Record<string, string>)}`),
          ),
          fc.oneof(
            { weight: 4, arbitrary: bodies.map((b) => JSON.stringify(b)) },
            { weight: 1, arbitrary: fc.constantFrom('{', '[1,2', '"\\u0000"', 'null', '1e999') },
          ),
          fc.boolean(),
          async (as, segment, query, body, realId) => {
            // Half the time a real order's id, so the checks behind the lookup are reached too.
            const at = fill(route.path, realId && route.path.includes(':id') ? orderId : segment);
            await expectNo5xx({
              method: route.method,
              path: `${at}${query}`,
              headers: headersOf(as),
              body: route.method === 'GET' || route.method === 'DELETE' ? undefined : body,
            });
          },
        ),
        { numRuns: RUNS, seed: SEED, endOnFailure: true },
      );
    }
  }, 600_000);

  it('every page route with bad path segments and query strings, signed in or not', async () => {
    const paths = pagePaths();
    expect(paths).toContain('/order/payment/:id');
    const cookies: Record<'none' | 'customer' | 'owner', Record<string, string>> = {
      none: {},
      customer: { cookie: `cl_session=${identities.customer.authorization!.slice(7)}` },
      owner: { cookie: `cl_staff=${identities.owner.authorization!.slice(7)}` },
    };
    for (const template of paths) {
      const who = template.startsWith('/admin')
        ? 'owner'
        : template === '/account'
          ? 'customer'
          : 'none';
      if (template.includes(':')) {
        for (const segment of badSegments) {
          await expectNo5xx({
            method: 'GET',
            path: fill(template, segment),
            headers: { ...cookies[who], ...fromNewAddress() },
          });
        }
      }
      for (const name of ['q', 'date', 'before', 'id', 'status', 't', 'token']) {
        await expectNo5xx({
          method: 'GET',
          path: `${fill(template, '1')}?${name}=%00`,
          headers: { ...cookies[who], ...fromNewAddress() },
        });
        await expectNo5xx({
          method: 'GET',
          path: `${fill(template, '1')}?${name}=2026-02-30`,
          headers: { ...cookies[who], ...fromNewAddress() },
        });
      }
      await fc.assert(
        fc.asyncProperty(
          fc.constantFrom<'none' | 'customer' | 'owner'>('none', 'customer', 'owner'),
          pathSegment,
          fc.oneof(
            fc.constant(''),
            fc
              .dictionary(
                fc.constantFrom('q', 'date', 'before', 'id', 'status', 'token', 't'),
                nastyString,
                {
                  maxKeys: 2,
                },
              )
              .map((q) => `?${new URLSearchParams(q as Record<string, string>)}`),
          ),
          async (as, segment, query) => {
            await expectNo5xx({
              method: 'GET',
              path: `${fill(template, segment)}${query}`,
              headers: { ...cookies[as], ...fromNewAddress() },
            });
          },
        ),
        { numRuns: Math.max(2, Math.ceil(RUNS / 2)), seed: SEED, endOnFailure: true },
      );
    }
  }, 600_000);

  it('malformed headers: Host, cookies, tokens, content types', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(
          '/',
          '/account',
          '/pricing',
          '/order/payment/1',
          '/admin',
          '/api/pickup',
          '/api/orders',
        ),
        fc.record({
          host: fc.option(badHost, { nil: undefined }),
          cookie: fc.option(
            nastyString.map((s) => `cl_session=${encode(s)}; cl_staff=${encode(s)}`),
            { nil: undefined },
          ),
          authorization: fc.option(
            nastyString.map((s) => `Bearer ${encode(s)}`),
            { nil: undefined },
          ),
          'content-type': fc.option(
            fc.constantFrom(
              'text/plain',
              'application/json; charset=klingon',
              'multipart/form-data',
              'x/y',
            ),
            { nil: undefined },
          ),
        }),
        async (at, headers) => {
          const defined = Object.fromEntries(
            Object.entries(headers).filter(([, v]) => v !== undefined),
          ) as Record<string, string>;
          await expectNo5xx({
            method: 'GET',
            path: at,
            headers: { ...defined, ...fromNewAddress() },
          });
          await expectNo5xx({
            method: 'POST',
            path: '/api/guest',
            headers: { ...defined, ...fromNewAddress(), origin: base },
            body: JSON.stringify(demoGuest),
          });
        },
      ),
      { numRuns: RUNS * 3, seed: SEED, endOnFailure: true },
    );
    for (const host of ['evil.example:99999', 'a b', '[::1', 'localhost:0x50']) {
      const reply = await expectNo5xx({ method: 'GET', path: '/account', headers: { host } });
      expect(reply.status, host).toBe(400);
    }
  }, 300_000);

  it('answers the bad inputs of the probe with a 4xx naming the field', async () => {
    const nul = await send(base, {
      method: 'POST',
      path: '/api/guest',
      headers: { ...fromNewAddress(), origin: base },
      body: JSON.stringify({ ...demoGuest, name: 'A\u0000B' }),
    });
    expect(nul.status).toBe(422);
    expect(JSON.parse(nul.body).errors.name).toEqual([
      'Please remove the invisible control characters from this field.',
    ]);
    for (const at of ['/order/payment/%zz', '/blog/%E0%A4%A', '/reset-password/%']) {
      const page = await send(base, { method: 'GET', path: at, headers: fromNewAddress() });
      expect(page.status, at).toBe(400);
      expect(page.body, at).toContain('This address is not valid.');
    }
    const date = await send(base, {
      method: 'GET',
      path: '/api/admin/board?date=2026-02-30',
      headers: identities.owner,
    });
    expect(date.status).toBe(400);
    expect(JSON.parse(date.body).message).toBe('The date must be a real day like 2026-11-23.');
    const cursor = await send(base, {
      method: 'GET',
      path: '/api/admin/audit?before=2147483648',
      headers: identities.owner,
    });
    expect(cursor.status).toBe(400);
    // A call-for-price item at £9,999.99 × 500: the line is refused, not stored as garbage.
    const [onRequest] = await server.database.db
      .select({ id: services.id })
      .from(services)
      .where(eq(services.pricePence, 0))
      .limit(1);
    const items = (body: unknown) =>
      send(base, {
        method: 'PUT',
        path: `/api/admin/orders/${orderId}/items`,
        headers: { ...identities.owner, origin: base },
        body: JSON.stringify(body),
      });
    const overflow = await items({
      lines: [{ service_id: onRequest!.id, quantity: 500, unit_price: '9999.99' }],
    });
    expect(overflow.status).toBe(422);
    expect(JSON.parse(overflow.body).errors['lines.0.quantity'][0]).toBe(
      'This line comes to £4999995.00; a line may come to at most £50000.00.',
    );
    const discount = await items({
      lines: [{ service_id: onRequest!.id, quantity: 2, unit_price: '8.50' }],
      discount: '999',
    });
    expect(discount.status).toBe(422);
    expect(JSON.parse(discount.body).errors.discount).toEqual([
      'The discount (£999.00) is larger than the items (£17.00).',
    ]);
  });
});
