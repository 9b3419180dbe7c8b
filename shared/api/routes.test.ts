import { describe, expect, it } from 'vitest';
import { api } from './index';
import { publicRoutes } from './public-routes';
import { routes } from './routes';

describe('routes (the contract without its schemas, for the browser)', () => {
  it('has every endpoint of the contract with its method, path and auth', () => {
    const expected = Object.fromEntries(
      Object.entries(api).map(([area, endpoints]) => [
        area,
        Object.fromEntries(
          Object.entries(endpoints).map(([name, e]) => [
            name,
            {
              method: e.method,
              path: e.path,
              ...(e.auth ? { auth: [...e.auth] } : {}),
            },
          ]),
        ),
      ]),
    );
    // Out of date: run `npx tsx scripts/api-routes.ts`.
    expect(routes).toEqual(expected);
  });

  it("keeps the back office's endpoints out of the table public pages import", () => {
    expect(Object.keys(publicRoutes).sort()).toEqual(
      Object.keys(routes)
        .filter(
          (area) =>
            !['admin', 'intake', 'driver', 'photos', 'webhooks', 'adminReviews'].includes(area),
        )
        .sort(),
    );
    expect(publicRoutes).not.toHaveProperty('admin');
  });
});
