import { describe, expect, it } from 'vitest';
import type { ServerBuild } from 'react-router';
import { pagePathOf, sharedPathMatcher } from './shared-routes';

describe('pagePathOf', () => {
  it("reads a client navigation's data request as its page", () => {
    expect(pagePathOf('/account.data')).toBe('/account');
    expect(pagePathOf('/account/credit.data')).toBe('/account/credit');
    expect(pagePathOf('/_root.data')).toBe('/');
    expect(pagePathOf('/pricing')).toBe('/pricing');
    expect(pagePathOf('/maida-vale')).toBe('/maida-vale');
  });
});

describe('sharedPathMatcher', () => {
  it('lists the home page among the shared pages, with the catalogue and the area pages; not the pages of one person', async () => {
    // The route modules' own handles, in the build's shape (root, then its children).
    const modules = {
      root: { handle: undefined },
      'routes/home': await import('../../app/routes/home'),
      'routes/pricing': await import('../../app/routes/pricing'),
      'routes/login': await import('../../app/routes/login'),
      'routes/checkout': await import('../../app/routes/checkout'),
      'routes/landing': await import('../../app/routes/landing'),
    };
    const paths: Record<string, { path?: string; index?: boolean }> = {
      'routes/home': { index: true },
      'routes/pricing': { path: 'pricing/:code?' },
      'routes/login': { path: 'login' },
      'routes/checkout': { path: 'customer' },
      'routes/landing': { path: ':id' },
    };
    const routes = Object.fromEntries(
      Object.entries(modules).map(([id, module]) => [
        id,
        {
          id,
          ...(id === 'root' ? { path: '' } : { parentId: 'root', ...paths[id] }),
          module: { handle: (module as { handle?: unknown }).handle },
        },
      ]),
    );
    const isShared = sharedPathMatcher({ routes, basename: '/' } as unknown as ServerBuild);
    expect(isShared('/')).toBe(true);
    expect(isShared('/pricing')).toBe(true);
    expect(isShared('/maida-vale')).toBe(true);
    expect(isShared('/login')).toBe(false);
    expect(isShared('/customer')).toBe(false);
    // Answers are remembered, shared or not, and the oldest forgotten: after many made-up
    // paths the first ones are matched again and answered the same.
    for (let i = 0; i < 6_000; i++) isShared(`/made-up-${i}`);
    expect(isShared('/login')).toBe(false);
    expect(isShared('/customer')).toBe(false);
    expect(isShared('/pricing')).toBe(true);
  }, 60_000);
});
