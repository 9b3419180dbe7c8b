import http from 'node:http';
import { gunzipSync } from 'node:zlib';

/** Latency figures of one load run, in milliseconds. */
export type LoadResult = {
  name: string;
  targetRps: number | null;
  achievedRps: number;
  p50: number;
  p99: number;
  errors: number;
  requests: number;
};

export type RequestSpec = {
  method?: string;
  path: string | (() => string);
  headers?: Record<string, string>;
  body?: () => string | undefined;
};

const agent = new http.Agent({ keepAlive: true, maxSockets: 128 });

/** One request; resolves with the status and the time to the last byte. */
export function timedRequest(
  baseUrl: string,
  spec: RequestSpec,
): Promise<{ status: number; ms: number; body: string; headers: http.IncomingHttpHeaders }> {
  const url = new URL(typeof spec.path === 'function' ? spec.path() : spec.path, baseUrl);
  const body = spec.body?.();
  const started = process.hrtime.bigint();
  return new Promise((resolve) => {
    const req = http.request(
      url,
      {
        agent,
        method: spec.method ?? 'GET',
        headers: {
          'Accept-Encoding': 'gzip',
          ...(body === undefined
            ? {}
            : { 'Content-Type': 'application/json', 'Content-Length': Buffer.byteLength(body) }),
          ...spec.headers,
        },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => {
          const ms = Number(process.hrtime.bigint() - started) / 1e6;
          const gzipped = res.headers['content-encoding'] === 'gzip';
          resolve({
            status: res.statusCode ?? 0,
            ms,
            headers: res.headers,
            // Decoded only when read: the load runs never pay for it.
            get body() {
              const raw = Buffer.concat(chunks);
              return (gzipped ? gunzipSync(raw) : raw).toString('utf8');
            },
          });
        });
      },
    );
    req.on('error', () =>
      resolve({
        status: 0,
        ms: Number(process.hrtime.bigint() - started) / 1e6,
        body: '',
        headers: {},
      }),
    );
    if (body !== undefined) req.write(body);
    req.end();
  });
}

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return NaN;
  const index = Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1);
  return sorted[Math.max(0, index)]!;
}

function summarise(
  name: string,
  targetRps: number | null,
  latencies: number[],
  errors: number,
  seconds: number,
): LoadResult {
  const sorted = [...latencies].sort((a, b) => a - b);
  return {
    name,
    targetRps,
    achievedRps: latencies.length / seconds,
    p50: percentile(sorted, 50),
    p99: percentile(sorted, 99),
    errors,
    requests: latencies.length,
  };
}

/**
 * Open-loop load: requests are started on a fixed schedule whatever the replies do, so a slow
 * server shows up as latency (as real visitors would see it), not as a lower request rate.
 */
export async function constantRate(
  baseUrl: string,
  name: string,
  spec: RequestSpec,
  rps: number,
  seconds: number,
): Promise<LoadResult> {
  const latencies: number[] = [];
  let errors = 0;
  const inFlight: Promise<void>[] = [];
  const started = performance.now();
  const total = Math.round(rps * seconds);
  for (let i = 0; i < total; i++) {
    const due = started + (i * 1000) / rps;
    const wait = due - performance.now();
    if (wait > 1) await new Promise((r) => setTimeout(r, wait));
    inFlight.push(
      timedRequest(baseUrl, spec).then(({ status, ms }) => {
        if (status >= 200 && status < 400) latencies.push(ms);
        else errors++;
      }),
    );
  }
  await Promise.all(inFlight);
  return summarise(name, rps, latencies, errors, seconds);
}

/** Closed-loop load: `concurrency` workers, each sending its next request on a reply. */
export async function maxThroughput(
  baseUrl: string,
  name: string,
  run: () => Promise<boolean>,
  concurrency: number,
  seconds: number,
): Promise<LoadResult> {
  const latencies: number[] = [];
  let errors = 0;
  const ends = performance.now() + seconds * 1000;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (performance.now() < ends) {
        const started = performance.now();
        const ok = await run().catch(() => false);
        if (ok) latencies.push(performance.now() - started);
        else errors++;
      }
    }),
  );
  void baseUrl;
  return summarise(name, null, latencies, errors, seconds);
}
