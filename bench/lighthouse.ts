import { chromiumArgs, chromiumPath } from '@tests/helpers/chromium';

/**
 * Issue 30: Lighthouse (mobile) performance at least this (median of 3) on home, pricing, an
 * area page, the checkout and the driver's round, with layout shift and blocking time kept low.
 */
export const LIGHTHOUSE_BUDGET = 97;
export const CLS_BUDGET = 0.01;
export const TBT_BUDGET_MS = 150;
/** Runs per page; the median is reported (BENCH_LIGHTHOUSE_RUNS). */
export const LIGHTHOUSE_RUNS = Number(process.env.BENCH_LIGHTHOUSE_RUNS ?? 3);

/** A page to run: its path, a label for the report and the headers it needs (a session). */
export type LighthousePage = { path: string; label?: string; headers?: Record<string, string> };

export type LighthouseScores = {
  path: string;
  performance: number;
  fcpMs: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
  accessibility: number;
  bestPractices: number;
  seo: number;
};

// Headless, with the flags every browser test uses here.
const chromeFlags = ['--headless=new', ...chromiumArgs];

/**
 * Lighthouse's default (mobile, simulated throttling) runs of each page in Debian's Chromium:
 * the run with the median performance score of `runs`.
 */
export async function runLighthouse(
  baseUrl: string,
  pages: (string | LighthousePage)[],
  runs = 1,
): Promise<LighthouseScores[]> {
  const { default: lighthouse } = await import('lighthouse');
  const chromeLauncher = await import('chrome-launcher');
  const chrome = await chromeLauncher.launch({
    chromePath: chromiumPath,
    chromeFlags,
  });
  const scores: LighthouseScores[] = [];
  try {
    for (const entry of pages) {
      const page = typeof entry === 'string' ? { path: entry } : entry;
      const path = page.label ?? page.path;
      const each: LighthouseScores[] = [];
      for (let run = 0; run < runs; run++) {
        const result = await lighthouse(new URL(page.path, baseUrl).toString(), {
          port: chrome.port,
          output: 'json',
          ...(page.headers ? { extraHeaders: page.headers } : {}),
          logLevel: 'error',
          onlyCategories: ['performance', 'accessibility', 'best-practices', 'seo'],
        });
        if (!result) throw new Error(`no Lighthouse result for ${path}`);
        const score = (id: string) => Math.round((result.lhr.categories[id]?.score ?? 0) * 100);
        const ms = (id: string) => result.lhr.audits[id]?.numericValue ?? NaN;
        each.push({
          path,
          performance: score('performance'),
          fcpMs: ms('first-contentful-paint'),
          lcpMs: ms('largest-contentful-paint'),
          tbtMs: ms('total-blocking-time'),
          cls: ms('cumulative-layout-shift'),
          accessibility: score('accessibility'),
          bestPractices: score('best-practices'),
          seo: score('seo'),
        });
      }
      each.sort((a, b) => a.performance - b.performance);
      scores.push(each[Math.floor(each.length / 2)]!);
    }
  } finally {
    await chrome.kill();
  }
  return scores;
}
