import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { branches } from '../../server/db/schema';
import { startTestServer, type TestServer } from '@tests/helpers/test-server';

/*
 * Shared pages over the production build (npm run test:e2e builds it): rendered once per
 * content change and served again with a fresh CSP nonce (server/http/page-cache.ts); pages
 * with anything personal, and visitors with a session, always get their own render.
 */

describe('shared pages are rendered once per content change', () => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer({ pages: 'build', env: { NODE_ENV: 'production' } });
  }, 120_000);
  afterAll(async () => {
    await server?.stop();
  });

  async function get(path: string, headers: Record<string, string> = {}) {
    const reply = await fetch(server.url + path, { headers, redirect: 'manual' });
    const html = await reply.text();
    const csp = reply.headers.get('content-security-policy') ?? '';
    return {
      status: reply.status,
      cache: reply.headers.get('x-page-cache'),
      html,
      cspNonce: /'nonce-([^']+)'/.exec(csp)?.[1],
      nonces: [...new Set([...html.matchAll(/nonce="([^"]+)"/g)].map((m) => m[1]))],
    };
  }

  it('the home page: rendered, then served again with the nonce of its own CSP', async () => {
    const first = await get('/');
    expect(first.cache).toBe('miss');
    const second = await get('/');
    expect(second.cache).toBe('hit');
    expect(second.nonces).toEqual([second.cspNonce]);
    expect(second.cspNonce).not.toBe(first.cspNonce);
    expect(second.html.replaceAll(second.cspNonce!, 'N')).toBe(
      first.html.replaceAll(first.cspNonce!, 'N'),
    );
    expect(second.html).not.toContain('X-Shared-Page');
  });

  it('a change to the content is on the next request', async () => {
    await get('/branches');
    expect((await get('/branches')).cache).toBe('hit');
    await server.database.db
      .update(branches)
      .set({ phone: '(020) 7946 0123' })
      .where(eq(branches.slug, 'marylebone'));
    const after = await get('/branches');
    expect(after.cache).toBe('miss');
    expect(after.html).toContain('(020) 7946 0123');
  });

  it('a logged-in customer gets their own page; pages for one person are never kept', async () => {
    const reg = await server.api<{ customer_id: string }>('/api/register', {
      body: {
        name: 'Grace Hopper',
        email: 'grace@example.com',
        phone: '07700 900456',
        password: 'Secret@123',
        address: { door_number: '1', line1: 'Elgin Avenue', postcode: 'W9 2HD' },
      },
    });
    expect(reg.status).toBe(200);
    const login = await server.api<{ token: string }>('/api/login', {
      body: { email: 'grace@example.com', password: 'Secret@123' },
    });
    const mine = await get('/', { Cookie: `cl_session=${login.body.token}` });
    expect(mine.cache).toBeNull();
    expect(mine.html).toContain('Grace Hopper');
    expect((await get('/')).html).not.toContain('Grace Hopper');

    for (const path of ['/login', '/signup', '/customer']) {
      await get(path);
      expect((await get(path)).cache, path).toBeNull();
    }
  });

  it('an area landing page, and an unknown one (not kept: it redirects)', async () => {
    await get('/bayswater');
    expect((await get('/bayswater')).cache).toBe('hit');
    const unknown = await get('/no-such-area-here');
    expect(unknown.status).toBeGreaterThanOrEqual(300);
    expect((await get('/no-such-area-here')).cache).toBeNull();
  });
});
