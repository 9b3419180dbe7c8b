import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startTestServer, type TestServer } from '@tests/helpers/test-server';

/*
 * The page server of `npm run dev` and of the page tests (Vite in middleware mode) needs no
 * port of its own: it must not open Vite's HMR WebSocket port (24678), so tests run beside a
 * development server, or anything else, that holds it. And it starts without warnings.
 */

const HMR_PORT = 24678;

function listen(port: number): Promise<net.Server | null> {
  return new Promise((resolve) => {
    const server = net.createServer();
    server.once('error', () => resolve(null)); // already held by someone else: just as good
    server.listen(port, () => resolve(server));
  });
}

describe('Vite development pages', () => {
  let server: TestServer;
  let holder: net.Server | null;
  const logged: string[] = [];

  beforeAll(async () => {
    holder = await listen(HMR_PORT);
    for (const method of ['error', 'warn', 'log'] as const) {
      vi.spyOn(console, method).mockImplementation((...args: unknown[]) => {
        logged.push(args.map(String).join(' '));
      });
    }
    server = await startTestServer({ pages: 'vite' });
  }, 120_000);

  afterAll(async () => {
    vi.restoreAllMocks();
    await server?.stop();
    holder?.close();
  });

  it('start beside something holding port 24678 without "already in use"', async () => {
    const reply = await fetch(`${server.url}/pricing`);
    expect(reply.status).toBe(200);
    expect(await reply.text()).toContain('<html');
    // The WebSocket server would report the port after its failed listen.
    await new Promise((r) => setTimeout(r, 500));
    expect(logged.filter((line) => /already in use|WebSocket server error/i.test(line))).toEqual(
      [],
    );
    // Vite compiles the page on this first request: on two busy cores that takes longer than
    // the integration tests' 30 s.
  }, 120_000);

  it('start without React Router future-flag warnings (the v8 flags are adopted)', () => {
    expect(logged.filter((line) => /Future Flag Warning/.test(line))).toEqual([]);
  });
});
