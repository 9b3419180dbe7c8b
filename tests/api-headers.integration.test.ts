import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '@tests/helpers/test-server';

/*
 * What every /api reply carries, whatever answered it (a handler, a guard, the not-found
 * handler, the error handler): never cached, not sniffed, not framed. The document-only
 * policies (referrer, opener, permissions) are for pages, not JSON (OWASP REST cheat sheet).
 */

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.stop());

describe('API reply headers', () => {
  const replies: [string, () => Promise<{ status: number; headers: Headers }>][] = [
    ['a read', () => server.api('/api/pricelist')],
    ['an unknown endpoint', () => server.api('/api/no-such-thing')],
    ['a refused body', () => server.api('/api/login', { method: 'POST', body: { email: 'x' } })],
    ['a missing login', () => server.api('/api/orders')],
    [
      'a write refused as cross-site',
      () =>
        server.api('/api/logout', {
          method: 'POST',
          headers: { origin: 'https://elsewhere.example', cookie: 'sid=abc' },
        }),
    ],
  ];
  for (const [what, send] of replies) {
    it(`${what}: no-store, nosniff, DENY, no document-only policies`, async () => {
      const reply = await send();
      expect(reply.status, what).not.toBe(500);
      expect(reply.headers.get('cache-control')).toBe('no-store');
      expect(reply.headers.get('x-content-type-options')).toBe('nosniff');
      expect(reply.headers.get('x-frame-options')).toBe('DENY');
      expect(reply.headers.get('referrer-policy')).toBeNull();
      expect(reply.headers.get('permissions-policy')).toBeNull();
    });
  }

  it('a cross-site write with a cookie is refused (403); the same read is answered', async () => {
    const cookie = { origin: 'https://elsewhere.example', cookie: 'sid=abc' };
    const write = await server.api('/api/newsletter', {
      method: 'POST',
      headers: cookie,
      body: { email: 'someone@example.com' },
    });
    expect(write.status).toBe(403);
    const read = await server.api('/api/pricelist', { headers: cookie });
    expect(read.status).toBe(200);
  });

  it('pages keep the document policies', async () => {
    const reply = await fetch(`${server.url}/api/docs`);
    expect(reply.status).toBe(200);
    expect(reply.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
  });
});

describe('routes that write re-read the content version before replying; reads do not', () => {
  it('a read asks nothing of the database for freshness; a write re-reads the version', () => {
    const before = server.services.content.stats.versionReads;
    return server
      .api('/api/pricelist')
      .then(() => server.api('/api/pickup'))
      .then(async () => {
        // Reads are answered from what is known in memory: no version query.
        expect(server.services.content.stats.versionReads).toBe(before);
        // A write (even one refused by validation) asks the database for the version.
        await server.api('/api/newsletter', { method: 'POST', body: { email: 'not-an-email' } });
        expect(server.services.content.stats.versionReads).toBeGreaterThan(before);
      });
  });
});
