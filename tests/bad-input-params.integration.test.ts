import { describe, expect, it } from 'vitest';
import {
  apiRoutes,
  badSegments,
  badStrings,
  fill,
  useBadInputWorld,
} from '@tests/helpers/bad-input';

/*
 * Every query parameter and path parameter of every /api route, with each kind of bad value.
 * The other sweeps are the other tests/bad-input-*.integration.test.ts; what they share is
 * tests/helpers/bad-input.ts.
 */
describe('bad query and path parameters never get a 5xx', () => {
  const world = useBadInputWorld();
  const { expectNo5xx, headersOf, whoFor } = world;

  it('every query parameter and path parameter of every /api route, with each bad value', async () => {
    const routes = apiRoutes(world.server);
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
});
