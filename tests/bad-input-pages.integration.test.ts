import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { services } from '../server/db/schema';
import { demoGuest } from '@tests/helpers/fixtures';
import {
  RUNS,
  SEED,
  badHost,
  badSegments,
  encode,
  fill,
  nastyString,
  pagePaths,
  pathSegment,
  send,
  useBadInputWorld,
} from '@tests/helpers/bad-input';

/*
 * Every page route with bad path segments and query strings, signed in or not; malformed
 * headers; and the bad inputs of the 2026-11-23 probe, answered with a 4xx naming the field.
 * The other sweeps are the other tests/bad-input-*.integration.test.ts; what they share is
 * tests/helpers/bad-input.ts.
 */
describe('bad page addresses and headers never get a 5xx', () => {
  const world = useBadInputWorld();
  const { expectNo5xx, fromNewAddress } = world;

  it('every page route with bad path segments and query strings, signed in or not', async () => {
    const paths = pagePaths();
    expect(paths).toContain('/order/payment/:id');
    const cookies: Record<'none' | 'customer' | 'owner', Record<string, string>> = {
      none: {},
      customer: { cookie: `cl_session=${world.identities.customer.authorization!.slice(7)}` },
      owner: { cookie: `cl_staff=${world.identities.owner.authorization!.slice(7)}` },
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
            headers: { ...defined, ...fromNewAddress(), origin: world.base },
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
    const nul = await send(world.base, {
      method: 'POST',
      path: '/api/guest',
      headers: { ...fromNewAddress(), origin: world.base },
      body: JSON.stringify({ ...demoGuest, name: 'A\u0000B' }),
    });
    expect(nul.status).toBe(422);
    expect(JSON.parse(nul.body).errors.name).toEqual([
      'Please remove the invisible control characters from this field.',
    ]);
    for (const at of ['/order/payment/%zz', '/blog/%E0%A4%A', '/reset-password/%']) {
      const page = await send(world.base, { method: 'GET', path: at, headers: fromNewAddress() });
      expect(page.status, at).toBe(400);
      expect(page.body, at).toContain('This address is not valid.');
    }
    const date = await send(world.base, {
      method: 'GET',
      path: '/api/admin/board?date=2026-02-30',
      headers: world.identities.owner,
    });
    expect(date.status).toBe(400);
    expect(JSON.parse(date.body).message).toBe('The date must be a real day like 2026-11-23.');
    const cursor = await send(world.base, {
      method: 'GET',
      path: '/api/admin/audit?before=2147483648',
      headers: world.identities.owner,
    });
    expect(cursor.status).toBe(400);
    // A call-for-price item at £9,999.99 × 500: the line is refused, not stored as garbage.
    const [onRequest] = await world.server.database.db
      .select({ id: services.id })
      .from(services)
      .where(eq(services.pricePence, 0))
      .limit(1);
    const items = (body: unknown) =>
      send(world.base, {
        method: 'PUT',
        path: `/api/admin/orders/${world.orderId}/items`,
        headers: { ...world.identities.owner, origin: world.base },
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
