import { afterAll, beforeAll } from 'vitest';
import { startTestServer, type TestServer } from './test-server';

/** The test file's server, and its pages asked for as a browser without JavaScript asks. */
export type PageServer = {
  /** The running server (from the file's first beforeAll on). */
  readonly server: TestServer;
  readonly url: string;
  /** A request for one of the server's pages (`path` from the root). */
  page(path: string, init?: RequestInit): Promise<Response>;
  /** The HTML of one of its pages. */
  html(path: string, init?: RequestInit): Promise<string>;
  /**
   * A form posted from the server's own page, form-encoded as a browser sends it, the reply
   * not followed (a 303 is looked at, not taken).
   */
  post(path: string, fields: Record<string, string>, cookie?: string): Promise<Response>;
};

/**
 * Starts a test server with the pages (the run's production build, made once for every file:
 * tests/helpers/pages-build.ts) before the file's tests and stops it after them. Call it at the
 * top of a describe block.
 */
export function usePageServer(
  options: Parameters<typeof startTestServer>[0] = {},
  setUp?: (server: TestServer) => Promise<void>,
): PageServer {
  let running: TestServer | undefined;
  beforeAll(async () => {
    running = await startTestServer({ pages: 'build', ...options });
    await setUp?.(running);
  }, 120_000);
  afterAll(async () => {
    await running?.stop();
  });
  const site: PageServer = {
    get server() {
      if (!running) throw new Error('the page server is started in beforeAll');
      return running;
    },
    get url() {
      return site.server.url;
    },
    page: (path, init) => fetch(`${site.url}${path}`, init),
    html: async (path, init) => (await site.page(path, init)).text(),
    post: (path, fields, cookie) =>
      site.page(path, {
        method: 'POST',
        redirect: 'manual',
        headers: {
          Origin: site.url,
          'Content-Type': 'application/x-www-form-urlencoded',
          ...(cookie ? { Cookie: cookie } : {}),
        },
        body: new URLSearchParams(fields).toString(),
      }),
  };
  return site;
}
