/**
 * npm run bench: load, page weight and Lighthouse on this machine, against PostgreSQL.
 * Prints a table and writes docs/benchmarks.md. Traffic goes to 127.0.0.1 only, bounded in
 * count and time. Needs PostgreSQL (BENCH_DATABASE_URL, default the local server) and, for
 * Lighthouse, Debian's Chromium.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import pg from 'pg';
import { constantRate, maxThroughput, timedRequest, type LoadResult } from './load';
import {
  JS_BUDGET_KB,
  PAGE_CODE_BUDGET_KB,
  measurePageWeight,
  pageCodeBytes,
  withinJsBudget,
  withinPageCodeBudget,
  type PageWeight,
} from './page-weight';
import { lighthousePages } from './lighthouse-pages';
import {
  CLS_BUDGET,
  LIGHTHOUSE_BUDGET,
  LIGHTHOUSE_RUNS,
  TBT_BUDGET_MS,
  runLighthouse,
  type LighthouseScores,
} from './lighthouse';
import { placeGuestOrder, pickupAndDelivery } from './checkout-path';
import { startServerProcess } from './server-process';
import {
  compareWithBareNode,
  formatComparison,
  personalPageAt100,
  renderComparison,
  type HttpComparison,
} from './http-compare';
import { signedInCustomer } from './checkout-path';

const adminUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
/** BENCH_DB: the database the bench creates afresh (several benches can share one server). */
const benchDb = process.env.BENCH_DB ?? 'cleanline_bench';
if (!/^[a-z_][a-z0-9_]*$/.test(benchDb))
  throw new Error(`BENCH_DB must be a plain name: ${benchDb}`);
const port = Number(process.env.BENCH_PORT ?? 3900);
const seconds = Number(process.env.BENCH_SECONDS ?? 10);
const buildDir = process.env.BUILD_DIR ?? 'build';
/**
 * BENCH_ONLY=http: only the comparison with bare Node, updating its section of the report.
 * BENCH_ONLY=pages: only page weight and Lighthouse, updating their two sections.
 */
const only = process.env.BENCH_ONLY;
const report = 'docs/benchmarks.md';

async function freshDatabase(): Promise<string> {
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`drop database if exists ${benchDb} with (force)`);
  await admin.query(`create database ${benchDb}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${benchDb}`;
  return url.toString();
}

async function main() {
  if (!existsSync(`${buildDir}/server/index.js`)) {
    console.log('Building the production bundle (react-router build)…');
    execFileSync('npx', ['react-router', 'build'], { stdio: 'inherit' });
  }
  const databaseUrl = await freshDatabase();
  const server = await startServerProcess(
    {
      NODE_ENV: 'production',
      DATABASE_URL: databaseUrl,
      BUILD_DIR: buildDir,
      // The load generator plays a reverse proxy in front of many visitors.
      TRUST_PROXY_HOPS: '1',
      // Nothing real is charged or sent: payments in TEST MODE, mail kept in the outbox.
      ALLOW_TEST_PAYMENTS: '1',
      MAIL_OUTBOX_ONLY: '1',
      VAPID_KEYS_IN_DATABASE: '1',
    },
    port,
  );
  // Orders in the checkout run must not be refused for a full slot: raise capacity.
  const db = new pg.Client({ connectionString: databaseUrl });
  await db.connect();
  await db.query(
    'update slot_settings set pickup_capacity_per_slot = 1000000, delivery_capacity_per_slot = 1000000',
  );
  await db.end();

  if (only === 'pages') {
    const area = await firstAreaPath(server.url);
    const { weights, lighthouse } = await measurePages(server.url, area, databaseUrl);
    await server.stop();
    updateSection('## Page weight', renderPageWeight(weights));
    updateSection('## Lighthouse', renderLighthouse(lighthouse));
    console.log(`\nWritten to ${report} (its page weight and Lighthouse sections)`);
    return;
  }
  const memory: Record<string, number> = { idle: server.rssMiB() };
  const area = await firstAreaPath(server.url);
  console.log('HTTP layer against a bare Node http server sending the same bytes (same run):');
  const comparison = await compareWithBareNode(server.url, {
    port: port + 1,
    seconds: Math.min(seconds, 5),
    serverPid: server.pid,
    rounds: 3,
    pages: ['/', '/pricing', area, '/faqs'],
  });
  for (const row of comparison) console.log(formatComparison(row));
  const session = await signedInCustomer(server.url);
  const personal = await personalPageAt100(server.url, '/account', session, seconds);
  memory[personal.name] = server.rssMiB();
  console.log(formatRow(personal, memory[personal.name]!));
  if (only === 'http') {
    await server.stop();
    updateSection('## HTTP layer against bare Node', renderComparison(comparison, personal));
    console.log(`\nWritten to ${report} (its HTTP comparison section)`);
    return;
  }
  const results: LoadResult[] = [personal];
  const targets = [
    { name: 'GET /api/pickup', path: '/api/pickup', rps: 300 },
    { name: 'GET /api/pricelist', path: '/api/pricelist', rps: 300 },
    { name: 'GET /api/getarea/group', path: '/api/getarea/group', rps: 300 },
    { name: 'SSR / (home, shared page)', path: '/', rps: 100 },
    { name: `SSR ${area} (area page)`, path: area, rps: 100 },
    // Cookies that do not change the page (a closed banner, a seen pop-up) get the shared page.
    {
      name: 'SSR /pricing with a cookie (shared page)',
      path: '/pricing',
      rps: 100,
      headers: { Cookie: 'seen_promo=1' },
    },
  ];
  for (const target of targets) {
    // Warm-up: JIT, caches and the connection pool, not measured.
    const spec = { path: target.path, headers: target.headers };
    await constantRate(server.url, target.name, spec, target.rps, 2);
    const result = await constantRate(server.url, target.name, spec, target.rps, seconds);
    results.push(result);
    memory[target.name] = server.rssMiB();
    console.log(formatRow(result, memory[target.name]!));
  }
  for (const target of targets.slice(0, 2)) {
    const result = await maxThroughput(
      server.url,
      `${target.name} (max, 32 clients)`,
      async () => (await timedRequest(server.url, { path: target.path })).status === 200,
      32,
      Math.min(seconds, 5),
    );
    results.push(result);
    memory[result.name] = server.rssMiB();
    console.log(formatRow(result, memory[result.name]!));
  }

  let checkout: LoadResult | undefined;
  try {
    const slots = await pickupAndDelivery(server.url);
    let n = 0;
    checkout = await maxThroughput(
      server.url,
      'Guest checkout (guest + placeorder), 8 clients',
      () => placeGuestOrder(server.url, slots, n++),
      8,
      seconds,
    );
    memory[checkout.name] = server.rssMiB();
    console.log(formatRow(checkout, memory[checkout.name]!));
  } catch (error) {
    console.log(`Checkout path not measured: ${(error as Error).message}`);
  }

  const { weights, lighthouse } = await measurePages(server.url, area, databaseUrl);
  await server.stop();

  writeFileSync(
    report,
    renderReport({ results, memory, checkout, weights, lighthouse, area, comparison, personal }),
  );
  console.log(`\nWritten to ${report}`);
}

/** Public pages held to the JavaScript budget, and the Lighthouse runs of issue 30's pages. */
async function measurePages(baseUrl: string, area: string, databaseUrl: string) {
  const weights: PageWeight[] = [];
  for (const path of ['/', '/pricing', area, '/faqs', '/blogs', '/login', '/signup']) {
    weights.push(await measurePageWeight(baseUrl, path));
  }
  for (const w of weights) console.log(formatWeight(w));
  let lighthouse: LighthouseScores[] = [];
  try {
    const pages = await lighthousePages(baseUrl, area, databaseUrl);
    lighthouse = await runLighthouse(baseUrl, pages, LIGHTHOUSE_RUNS);
    for (const l of lighthouse) console.log(l);
  } catch (error) {
    console.log(`Lighthouse not run: ${(error as Error).message}`);
  }
  return { weights, lighthouse };
}

async function firstAreaPath(baseUrl: string): Promise<string> {
  const reply = await timedRequest(baseUrl, { path: '/api/getarea/limited' });
  try {
    const body = JSON.parse(reply.body) as
      { area_code?: string }[] | { data?: { area_code?: string }[] };
    const list = Array.isArray(body) ? body : (body.data ?? []);
    const code = list[0]?.area_code;
    if (code) return `/${code}`;
  } catch {
    // fall through
  }
  return '/maida-vale';
}

/** Replaces the section of the report whose heading starts so (or adds it before "## Load"). */
function updateSection(heading: string, section: string) {
  const text = existsSync(report) ? readFileSync(report, 'utf8') : '# Benchmarks\n\n';
  const start = text.indexOf(heading);
  let next: string;
  if (start >= 0) {
    const end = text.indexOf('\n## ', start + 3);
    next = text.slice(0, start) + section + (end >= 0 ? text.slice(end) : '');
  } else {
    const load = text.indexOf('## Load');
    next = load >= 0 ? text.slice(0, load) + section + '\n' + text.slice(load) : text + section;
  }
  writeFileSync(report, next);
}

function formatRow(r: LoadResult, rss: number): string {
  return `${r.name.padEnd(52)} ${r.targetRps ? `${r.targetRps} rps target` : 'closed loop   '}  ${r.achievedRps.toFixed(0).padStart(5)} rps  p50 ${r.p50.toFixed(1).padStart(6)} ms  p99 ${r.p99.toFixed(1).padStart(6)} ms  errors ${r.errors}  RSS ${rss.toFixed(0)} MiB`;
}

function formatWeight(w: PageWeight): string {
  return `${w.path.padEnd(20)} JS ${(w.jsGzipBytes / 1024).toFixed(1)} kB gz (budget ${JS_BUDGET_KB}; own code ${(pageCodeBytes(w) / 1024).toFixed(1)} kB, budget ${PAGE_CODE_BUDGET_KB})  CSS ${(w.cssGzipBytes / 1024).toFixed(1)} kB gz  images: ${w.imageNote}`;
}

function renderReport(input: {
  results: LoadResult[];
  memory: Record<string, number>;
  checkout: LoadResult | undefined;
  weights: PageWeight[];
  lighthouse: LighthouseScores[];
  area: string;
  comparison: HttpComparison[];
  personal: LoadResult;
}): string {
  const cpu = os.cpus()[0]?.model ?? 'unknown CPU';
  const lines = [
    '# Benchmarks',
    '',
    `Measured by \`npm run bench\` on ${new Date().toISOString().slice(0, 10)}: ${os.cpus().length} × ${cpu}, ${(os.totalmem() / 2 ** 30).toFixed(0)} GiB, Node ${process.version}, ${os.type()} ${os.release()}. Server: one production process (\`NODE_ENV=production\`) on the local PostgreSQL; the load generator runs on the same 2 cores, so the figures are a floor, not a ceiling.`,
    '',
    `Budgets: p99 under 50 ms for the GET APIs at 300 requests per second; SSR pages p99 under 100 ms at 100 requests per second; public pages at most ${JS_BUDGET_KB} kB of JavaScript gzipped, of which at most ${PAGE_CODE_BUDGET_KB} kB our own code; Lighthouse (mobile) performance ${LIGHTHOUSE_BUDGET} or more.`,
    '',
    renderComparison(input.comparison, input.personal),
    '## Load',
    '',
    '| Run | Target | Achieved | p50 | p99 | Errors | Server RSS | Budget |',
    '|---|---|---|---|---|---|---|---|',
    ...input.results.map((r) => {
      const budget = !r.targetRps
        ? null
        : r.name.includes('signed in')
          ? 50
          : r.targetRps === 300
            ? 50
            : 100;
      const verdict = budget === null ? '–' : r.p99 < budget && r.errors === 0 ? 'met' : 'MISSED';
      return `| ${r.name} | ${r.targetRps ? `${r.targetRps} rps` : 'as fast as possible'} | ${r.achievedRps.toFixed(0)} rps | ${r.p50.toFixed(1)} ms | ${r.p99.toFixed(1)} ms | ${r.errors} | ${input.memory[r.name]?.toFixed(0)} MiB | ${budget ? `p99 < ${budget} ms: ${verdict}` : verdict} |`;
    }),
    input.checkout
      ? `| ${input.checkout.name} | as fast as possible | ${input.checkout.achievedRps.toFixed(1)} orders/s | ${input.checkout.p50.toFixed(1)} ms | ${input.checkout.p99.toFixed(1)} ms | ${input.checkout.errors} | ${input.memory[input.checkout.name]?.toFixed(0)} MiB | – |`
      : '| Guest checkout | not measured | | | | | | |',
    '',
    `Idle server RSS after start: ${input.memory.idle?.toFixed(0)} MiB.`,
    '',
    'Shared pages (the price, service, area and blog pages) are rendered once per content change and served as the same bytes to every visitor, whatever their cookies (docs/decisions/011, 042); the account is rendered for its visitor on each request.',
    '',
    renderPageWeight(input.weights),
    renderLighthouse(input.lighthouse),
  ];
  return lines.join('\n');
}

function renderPageWeight(weights: PageWeight[]): string {
  return [
    '## Page weight',
    '',
    `The JavaScript and CSS each public page makes the browser load on arrival (the module scripts and preloads its HTML names, as served with gzip; the promo pop-up's chunk, loaded once the page is idle, is not counted); budget (issue 14): at most ${JS_BUDGET_KB} kB of JavaScript gzipped. “Framework” is the client entry and its imports (React DOM and React Router; docs/decisions/041), which every page loads before any of its own code; “own code” is the rest, budget ${PAGE_CODE_BUDGET_KB} kB (docs/decisions/021); the stylesheet is written into each page's HTML.`,
    '',
    '| Page | JavaScript (gzip) | of which framework | own code | CSS (gzip) | Budget (JS) | Budget (own code) | Images |',
    '|---|---|---|---|---|---|---|---|',
    ...weights.map(
      (w) =>
        `| ${w.path} | ${(w.jsGzipBytes / 1024).toFixed(1)} kB | ${(w.frameworkGzipBytes / 1024).toFixed(1)} kB | ${(pageCodeBytes(w) / 1024).toFixed(1)} kB | ${w.cssGzipBytes ? `${(w.cssGzipBytes / 1024).toFixed(1)} kB` : 'inline'} | ${JS_BUDGET_KB} kB: ${withinJsBudget(w) ? 'met' : 'MISSED'} | ${PAGE_CODE_BUDGET_KB} kB: ${withinPageCodeBudget(w) ? 'met' : 'MISSED'} | ${w.imageNote} |`,
    ),
    '',
  ].join('\n');
}

function renderLighthouse(lighthouse: LighthouseScores[]): string {
  return [
    '## Lighthouse (mobile settings, Debian Chromium)',
    '',
    `Median of ${LIGHTHOUSE_RUNS} runs per page (Lighthouse's simulated throttling varies from run to run on a shared machine); budget (issue 30): performance ${LIGHTHOUSE_BUDGET} or more, cumulative layout shift under ${CLS_BUDGET}, total blocking time under ${TBT_BUDGET_MS} ms. The checkout is the guest step a booking lands on (/customer with real slots); the driver's round is seen signed in as a driver.`,
    '',
    lighthouse.length
      ? [
          '| Page | Performance | First contentful paint | Largest contentful paint | Total blocking time | Layout shift | Accessibility | Best practices | SEO | Budget |',
          '|---|---|---|---|---|---|---|---|---|---|',
          ...lighthouse.map(
            (l) =>
              `| ${l.path} | ${l.performance} | ${(l.fcpMs / 1000).toFixed(1)} s | ${(l.lcpMs / 1000).toFixed(1)} s | ${l.tbtMs.toFixed(0)} ms | ${l.cls.toFixed(3)} | ${l.accessibility} | ${l.bestPractices} | ${l.seo} | ${withinLighthouseBudget(l) ? 'met' : 'MISSED'} |`,
          ),
        ].join('\n')
      : 'Not run (see the console output of `npm run bench`).',
    '',
  ].join('\n');
}

function withinLighthouseBudget(l: LighthouseScores): boolean {
  return l.performance >= LIGHTHOUSE_BUDGET && l.cls < CLS_BUDGET && l.tbtMs < TBT_BUDGET_MS;
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
