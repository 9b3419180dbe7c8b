import { execFile } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { constantRate, type LoadResult } from './load';
import { startServerProcess } from './server-process';

const run = promisify(execFile);

/** One row of the comparison with a bare Node `http` server sending the same bytes. */
export type HttpComparison = {
  name: string;
  path: string;
  kind: 'page' | 'api';
  /** Bytes of the reply body as sent (gzip asked for). */
  bytes: number;
  /** The median round: our server's requests/s and latency. */
  max: LoadResult;
  /** The bare server's requests/s in the same rounds (median). */
  bareRps: number;
  /** Requests per second as a share of the bare server's (median of the rounds' ratios). */
  ratio: number;
  /** The ratio of each round (the bare server and ours one after the other). */
  rounds: number[];
  /** CPU time our server process spent per request (µs), and the bare server's. */
  cpuMicros: number;
  bareCpuMicros: number;
};

/** The JSON GET APIs compared with the bare server. */
export const COMPARED_APIS = ['/api/pricelist', '/api/getarea/group', '/api/pickup'];
/** Issue 30's target: shared pages and the JSON GET APIs at least half of bare Node. */
export const RATIO_TARGET = 0.5;

const WRK_CONNECTIONS = 16;

/**
 * Requests/s and latency of one URL by wrk (Debian's C load generator, one thread: the other
 * core stays with the server), closed loop with 16 keep-alive connections asking for gzip.
 */
async function wrk(url: string, name: string, seconds: number): Promise<LoadResult> {
  const { stdout } = await run('wrk', [
    '-t1',
    `-c${WRK_CONNECTIONS}`,
    `-d${seconds}s`,
    '--latency',
    '-H',
    'Accept-Encoding: gzip',
    url,
  ]);
  const number = (pattern: RegExp) => Number(pattern.exec(stdout)?.[1] ?? NaN);
  const ms = (pattern: RegExp) => {
    const match = pattern.exec(stdout);
    if (!match) return NaN;
    const value = Number(match[1]);
    return match[2] === 'us' ? value / 1000 : match[2] === 's' ? value * 1000 : value;
  };
  const errors =
    (number(/Non-2xx or 3xx responses: (\d+)/) || 0) +
    (number(/Socket errors:.*timeout (\d+)/) || 0);
  return {
    name,
    targetRps: null,
    achievedRps: number(/Requests\/sec:\s+([\d.]+)/),
    p50: ms(/50%\s+([\d.]+)(us|ms|s)/),
    p99: ms(/99%\s+([\d.]+)(us|ms|s)/),
    errors,
    requests: number(/(\d+) requests in/),
  };
}

type CapturedReply = {
  path: string;
  status: number;
  headers: Record<string, string>;
  body: string;
};

/** What our server sends for `path` when gzip is asked for: status, headers and body bytes. */
function capture(serverUrl: string, pathname: string) {
  return new Promise<CapturedReply>((resolve, reject) => {
    http
      .get(new URL(pathname, serverUrl), { headers: { 'Accept-Encoding': 'gzip' } }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => {
          const headers: Record<string, string> = {};
          for (const [name, value] of Object.entries(res.headers)) {
            if (['date', 'connection', 'keep-alive', 'transfer-encoding'].includes(name)) continue;
            if (value !== undefined) headers[name] = String(value);
          }
          resolve({
            path: pathname,
            status: res.statusCode ?? 0,
            headers,
            body: Buffer.concat(chunks).toString('base64'),
          });
        });
      })
      .on('error', reject);
  });
}

/**
 * Each target on our server against a bare Node `http` server (its own process) that sends the
 * same bytes, in `rounds` interleaved rounds (bare, ours; next target; again): the machine is
 * shared, and a slow minute slows both sides of a pair alike. Each figure is the median over
 * the rounds, each ratio the median of the per-round ratios, with each side's CPU time per
 * request read from /proc.
 */
export async function compareWithBareNode(
  serverUrl: string,
  options: {
    port: number;
    seconds: number;
    serverPid: number;
    rounds?: number;
    pages: string[];
  },
): Promise<HttpComparison[]> {
  const rounds = options.rounds ?? 3;
  const targets = [
    ...options.pages.map((p) => ({ path: p, kind: 'page' as const })),
    ...COMPARED_APIS.map((p) => ({ path: p, kind: 'api' as const })),
  ];
  // Warm our server (the shared pages rendered, the replies kept) before the capture.
  for (const target of targets) await capture(serverUrl, target.path);
  const captured: CapturedReply[] = [];
  for (const target of targets) captured.push(await capture(serverUrl, target.path));
  const repliesFile = path.join(tmpdir(), `cleanline-bench-replies-${process.pid}.json`);
  writeFileSync(repliesFile, JSON.stringify(captured));
  const bare = await startServerProcess({ BENCH_REPLIES: repliesFile }, options.port, {
    script: 'bench/bare-server.ts',
    quiet: true,
    readyPath: targets[0]!.path,
  });
  const measured: { ours: LoadResult[]; bare: LoadResult[]; cpu: number[]; bareCpu: number[] }[] =
    targets.map(() => ({ ours: [], bare: [], cpu: [], bareCpu: [] }));
  try {
    for (const target of targets) {
      await wrk(new URL(target.path, serverUrl).toString(), 'warm-up', 1);
      await wrk(new URL(target.path, bare.url).toString(), 'warm-up', 1);
    }
    for (let round = 0; round < rounds; round += 1) {
      for (const [i, target] of targets.entries()) {
        const side = async (url: string, pid: number) => {
          const before = cpuMillis(pid);
          const result = await wrk(
            new URL(target.path, url).toString(),
            target.path,
            options.seconds,
          );
          return { result, cpu: ((cpuMillis(pid) - before) * 1000) / result.requests };
        };
        const b = await side(bare.url, bare.pid);
        const o = await side(serverUrl, options.serverPid);
        measured[i]!.bare.push(b.result);
        measured[i]!.bareCpu.push(b.cpu);
        measured[i]!.ours.push(o.result);
        measured[i]!.cpu.push(o.cpu);
      }
    }
  } finally {
    await bare.stop();
  }
  return targets.map((target, i) => {
    const m = measured[i]!;
    const ratios = m.ours.map((o, r) => o.achievedRps / m.bare[r]!.achievedRps);
    const byRps = [...m.ours].sort((a, b) => a.achievedRps - b.achievedRps);
    const typical = byRps[Math.floor(byRps.length / 2)]!;
    return {
      name: `${target.kind === 'page' ? 'page' : 'GET'} ${target.path}`,
      path: target.path,
      kind: target.kind,
      bytes: Buffer.from(captured[i]!.body, 'base64').length,
      max: { ...typical, errors: m.ours.reduce((sum, o) => sum + o.errors, 0) },
      bareRps: median(m.bare.map((b) => b.achievedRps)),
      ratio: median(ratios),
      rounds: ratios,
      cpuMicros: median(m.cpu),
      bareCpuMicros: median(m.bareCpu),
    };
  });
}

/**
 * A page rendered for one visitor (the signed-in account) at a fixed 100 requests per second,
 * open loop: its p99 is issue 30's budget for personal pages (under 50 ms).
 */
export async function personalPageAt100(
  serverUrl: string,
  pathname: string,
  cookie: string,
  seconds: number,
): Promise<LoadResult> {
  const spec = { path: pathname, headers: { Cookie: cookie } };
  // Steady state, as a running site serves it: 500 requests first, so that V8 has optimised
  // the render path and the wrk rounds before this one have had their garbage collected.
  await constantRate(serverUrl, 'warm-up', spec, 100, 5);
  return constantRate(
    serverUrl,
    `${pathname} (signed in, rendered per visitor)`,
    spec,
    100,
    seconds,
  );
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

/** User + system CPU time of a Linux process so far, in milliseconds (/proc, 10 ms ticks). */
function cpuMillis(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

const percent = (ratio: number) => `${(ratio * 100).toFixed(0)} %`;

export function formatComparison(r: HttpComparison): string {
  return `${r.name.padEnd(28)} ${(r.bytes / 1024).toFixed(1).padStart(6)} kB  ${r.max.achievedRps.toFixed(0).padStart(6)} rps vs bare ${r.bareRps.toFixed(0).padStart(6)}  ${percent(r.ratio).padStart(5)} (rounds ${r.rounds.map(percent).join(', ')})  CPU ${r.cpuMicros.toFixed(0).padStart(4)} µs/request (bare ${r.bareCpuMicros.toFixed(0)})  p99 ${r.max.p99.toFixed(1)} ms  errors ${r.max.errors}`;
}

export function renderComparison(rows: HttpComparison[], personal: LoadResult | null): string {
  return [
    '## HTTP layer against bare Node',
    '',
    `Same run, same load generator: wrk (Debian's, one thread, ${WRK_CONNECTIONS} keep-alive connections asking for gzip, as fast as it goes), in ${rows[0]?.rounds.length ?? 0} interleaved rounds: for each target, a bare Node \`http\` server in its own process sending the very bytes our server sent for that path (status, headers and body, captured first), then our production server on PostgreSQL. The median round is shown with each round's ratio, and each side's CPU time per request from /proc. Target (issue 30): shared pages and the JSON GET APIs at least ${percent(RATIO_TARGET)} of the bare server's requests per second; a page rendered for its visitor (the signed-in account) p99 under 50 ms at 100 requests per second.`,
    '',
    '| Target | Bytes sent (gzip) | Requests/s | Bare Node, same bytes | Ratio | Ratio in each round | CPU per request | Bare CPU per request | p99 | Errors | Target |',
    '|---|---|---|---|---|---|---|---|---|---|---|',
    ...rows.map((r) => {
      const met = r.ratio >= RATIO_TARGET && r.max.errors === 0;
      return `| ${r.name} | ${(r.bytes / 1024).toFixed(1)} kB | ${r.max.achievedRps.toFixed(0)} | ${r.bareRps.toFixed(0)} | ${percent(r.ratio)} | ${r.rounds.map(percent).join(', ')} | ${r.cpuMicros.toFixed(0)} µs | ${r.bareCpuMicros.toFixed(0)} µs | ${r.max.p99.toFixed(1)} ms | ${r.max.errors} | ≥ ${percent(RATIO_TARGET)}: ${met ? 'met' : 'MISSED'} |`;
    }),
    '',
    personal
      ? `Rendered for its visitor: ${personal.name}, open loop at 100 requests/s for ${personal.requests} requests: p50 ${personal.p50.toFixed(1)} ms, p99 ${personal.p99.toFixed(1)} ms, errors ${personal.errors} (budget p99 < 50 ms: ${personal.p99 < 50 && personal.errors === 0 ? 'met' : 'MISSED'}).`
      : 'Rendered for its visitor: not measured.',
    '',
  ].join('\n');
}
