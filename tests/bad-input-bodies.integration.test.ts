import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  RUNS,
  SEED,
  apiRoutes,
  fieldNames,
  fill,
  leafMutations,
  mutated,
  nastyString,
  pathSegment,
  randomBody,
  useBadInputWorld,
  type Who,
} from '@tests/helpers/bad-input';

/*
 * Bodies: every leaf of every valid request replaced by each kind of bad value, then random
 * bodies, query strings, path segments and credentials on every /api route.
 * The other sweeps are the other tests/bad-input-*.integration.test.ts; what they share is
 * tests/helpers/bad-input.ts.
 */
describe('generated bad bodies never get a 5xx', () => {
  const world = useBadInputWorld();
  const { expectNo5xx, asJson, headersOf } = world;

  it('every leaf of every valid request, replaced by each kind of bad value', async () => {
    let sent = 0;
    for (const [key, spec] of Object.entries(world.valid)) {
      const [method, template] = key.split(' ') as [string, string];
      const url = fill(template, spec.id ?? 'x');
      for (const body of leafMutations(spec.body)) {
        await expectNo5xx({ method, path: url, headers: headersOf(spec.as), body: asJson(body) });
        sent += 1;
      }
    }
    expect(sent).toBeGreaterThan(500);
  }, 600_000);

  it('random bodies, query strings, path segments and credentials on every /api route', async () => {
    for (const route of apiRoutes(world.server)) {
      const key = `${route.method} ${route.path}`;
      const bodies = world.valid[key] !== undefined ? mutated(world.valid[key].body) : randomBody;
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
            const at = fill(
              route.path,
              realId && route.path.includes(':id') ? world.orderId : segment,
            );
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
});
