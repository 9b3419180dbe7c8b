import { readFileSync } from 'node:fs';
import autocannon from 'autocannon';
import { constantRate, type LoadResult } from './load';
import { startServerProcess } from './server-process';

/** One row of the comparison with a bare Node `http` server (issue 13). */
export type HttpComparison = {
  name: string;
  path: string;
  max: LoadResult;
  /** Requests per second as a share of the bare server's, measured in the same run. */
  ratio: number;
  /** CPU time the server process spent per request during the throughput run (µs). */
  cpuMicros: number;
  /** The bare server's CPU per request over this one's (1 = as cheap as bare Node). */
  cpuRatio: number;
  /** The ratio of each round (bare and this measured one after the other). */
  rounds: number[];
  at300: LoadResult;
};

/** The JSON GET APIs compared with the bare server; the target is ≥ 50 %, p99 < 10 ms. */
export const COMPARED_APIS = ['/api/pricelist', '/api/getarea/group', '/api/pickup'];

/**
 * Closed-loop throughput as fast as it goes, by autocannon (a fast HTTP load generator, so
 * that the client is less of a ceiling than our own `load.ts`), with `concurrency` keep-alive
 * connections asking for gzip.
 */
async function saturate(
  url: string,
  name: string,
  concurrency: number,
  seconds: number,
): Promise<LoadResult> {
  const result = await autocannon({
    url,
    connections: concurrency,
    duration: seconds,
    headers: { 'accept-encoding': 'gzip' },
  });
  return {
    name,
    targetRps: null,
    achievedRps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.timeouts + result.non2xx,
    requests: result.requests.total,
  };
}

/**
 * Throughput (same load generator, concurrency and seconds) of a bare Node `http` server
 * started as its own process and of each API on `serverUrl`, measured in `rounds` interleaved
 * rounds (bare, then each API, again and again): the machine is shared, and a slower minute
 * then slows every target alike instead of whichever was measured in it. Each figure is the
 * median over the rounds, each ratio the median of the per-round ratios. Then each one's
 * latency at a fixed 300 requests per second (open loop, bench/load.ts).
 */
export async function compareWithBareNode(
  serverUrl: string,
  options: {
    port: number;
    seconds: number;
    concurrency?: number;
    serverPid: number;
    rounds?: number;
  },
): Promise<HttpComparison[]> {
  const concurrency = options.concurrency ?? 32;
  const rounds = options.rounds ?? 3;
  const bare = await startServerProcess({}, options.port, {
    script: 'bench/bare-server.ts',
    quiet: true,
  });
  const targets = [
    { name: 'bare Node http (small JSON)', url: bare.url, path: '/', pid: bare.pid },
  ].concat(
    COMPARED_APIS.map((path) => ({
      name: `GET ${path}`,
      url: serverUrl,
      path,
      pid: options.serverPid,
    })),
  );
  const runs: { max: LoadResult; cpuMicros: number }[][] = targets.map(() => []);
  const at300: LoadResult[] = [];
  try {
    // Warm-up (JIT, caches, pool), not measured.
    for (const target of targets) {
      await saturate(new URL(target.path, target.url).toString(), target.name, concurrency, 2);
    }
    for (let round = 0; round < rounds; round += 1) {
      for (const [i, target] of targets.entries()) {
        const cpuBefore = cpuMillis(target.pid);
        const max = await saturate(
          new URL(target.path, target.url).toString(),
          `${target.name} (max, ${concurrency} connections)`,
          concurrency,
          options.seconds,
        );
        const cpuMicros = ((cpuMillis(target.pid) - cpuBefore) * 1000) / max.requests;
        runs[i]!.push({ max, cpuMicros });
      }
    }
    for (const target of targets) {
      at300.push(
        await constantRate(target.url, target.name, { path: target.path }, 300, options.seconds),
      );
    }
  } finally {
    await bare.stop();
  }
  const bareRuns = runs[0]!;
  return targets.map((target, i) => {
    const own = runs[i]!;
    const byRps = [...own].sort((a, b) => a.max.achievedRps - b.max.achievedRps);
    const typical = byRps[Math.floor(byRps.length / 2)]!;
    const errors = own.reduce((sum, run) => sum + run.max.errors, 0);
    return {
      name: target.name,
      path: target.path,
      max: { ...typical.max, errors },
      at300: at300[i]!,
      cpuMicros: median(own.map((run) => run.cpuMicros)),
      ratio: median(own.map((run, r) => run.max.achievedRps / bareRuns[r]!.max.achievedRps)),
      cpuRatio: median(own.map((run, r) => bareRuns[r]!.cpuMicros / run.cpuMicros)),
      rounds: own.map((run, r) => run.max.achievedRps / bareRuns[r]!.max.achievedRps),
    };
  });
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
  return `${r.name.padEnd(32)} ${r.max.achievedRps.toFixed(0).padStart(6)} rps  ${percent(r.ratio).padStart(5)} of bare (rounds ${r.rounds.map(percent).join(', ')})  CPU ${r.cpuMicros.toFixed(0).padStart(4)} µs/request (${(r.cpuRatio * 100).toFixed(0)} %)  p99 at 300 rps ${r.at300.p99.toFixed(1).padStart(6)} ms  errors ${r.max.errors + r.at300.errors}`;
}

export function renderComparison(rows: HttpComparison[], concurrency = 32): string {
  return [
    '## HTTP layer against bare Node',
    '',
    `Same run, same load generator: autocannon with ${concurrency} keep-alive connections as fast as it goes (requests/s, p50), in ${rows[0]?.rounds.length ?? 0} interleaved rounds (bare, then each API, again and again; the median round is shown, and each round's ratio), then bench/load.ts open loop at 300 requests per second (p99). A bare Node \`http\` server in its own process answering a small JSON reply, and the JSON GET APIs of the production server on PostgreSQL. Target (issue 13): at least 50 % of the bare server's requests per second, p99 under 10 ms at 300 requests per second. The client asks for gzip, as browsers and the app do. The load generator shares the 2 cores with the server (and, on this shared machine, with whatever else runs), so requests/s are bounded by the client as much as by the server; the server's own CPU time per request (from /proc) is the steadier measure of what the HTTP layer costs.`,
    '',
    '| Endpoint | Requests/s (max) | Ratio to bare | Ratio in each round | Server CPU per request | CPU ratio (bare ÷ this) | p50 (max) | p99 at 300 rps | Errors | Target |',
    '|---|---|---|---|---|---|---|---|---|---|',
    ...rows.map((r, i) => {
      const met = r.ratio >= 0.5 && r.at300.p99 < 10 && r.max.errors + r.at300.errors === 0;
      return `| ${r.name} | ${r.max.achievedRps.toFixed(0)} | ${percent(r.ratio)} | ${r.rounds.map(percent).join(', ')} | ${r.cpuMicros.toFixed(0)} µs | ${(r.cpuRatio * 100).toFixed(0)} % | ${r.max.p50.toFixed(1)} ms | ${r.at300.p99.toFixed(1)} ms | ${r.max.errors + r.at300.errors} | ${i === 0 ? '–' : met ? 'met' : 'MISSED'} |`;
    }),
    '',
  ].join('\n');
}
