/*
 * An API call and its JSON reply, the same for the integration tests (the test server), the
 * browser tests and the bench (a server process at a URL).
 */

/** Whatever sends an API call and reads its JSON reply. */
export type ApiCaller = {
  api<T = unknown>(
    path: string,
    init?: { method?: string; body?: unknown; headers?: Record<string, string> },
  ): Promise<{ status: number; body: T; headers?: Headers }>;
};

/** An `ApiCaller` for a server at `baseUrl` (a server process, the e2e server). */
export function callerAt(baseUrl: string): ApiCaller {
  return {
    async api<T>(
      path: string,
      init: { method?: string; body?: unknown; headers?: Record<string, string> } = {},
    ) {
      const reply = await fetch(new URL(path, baseUrl), {
        method: init.method ?? (init.body === undefined ? 'GET' : 'POST'),
        headers: {
          ...(init.body === undefined ? {} : { 'Content-Type': 'application/json' }),
          ...init.headers,
        },
        body: init.body === undefined ? undefined : JSON.stringify(init.body),
      });
      const text = await reply.text();
      let body: unknown = text;
      try {
        body = JSON.parse(text);
      } catch {
        // not JSON: tests asserting on JSON fail with the raw text visible
      }
      return { status: reply.status, body: body as T, headers: reply.headers };
    },
  };
}
