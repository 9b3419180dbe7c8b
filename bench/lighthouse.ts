import { chromiumArgs, chromiumPath } from '../tests/helpers/chromium';

export type LighthouseScores = {
  path: string;
  performance: number;
  accessibility: number;
  bestPractices: number;
  seo: number;
};

// Headless, with the flags every browser test uses here.
const chromeFlags = ['--headless=new', ...chromiumArgs];

/** Lighthouse's default (mobile, simulated throttling) run of each page in Debian's Chromium. */
export async function runLighthouse(baseUrl: string, paths: string[]): Promise<LighthouseScores[]> {
  const { default: lighthouse } = await import('lighthouse');
  const chromeLauncher = await import('chrome-launcher');
  const chrome = await chromeLauncher.launch({
    chromePath: chromiumPath,
    chromeFlags,
  });
  const scores: LighthouseScores[] = [];
  try {
    for (const path of paths) {
      const result = await lighthouse(new URL(path, baseUrl).toString(), {
        port: chrome.port,
        output: 'json',
        logLevel: 'error',
        onlyCategories: ['performance', 'accessibility', 'best-practices', 'seo'],
      });
      if (!result) throw new Error(`no Lighthouse result for ${path}`);
      const score = (id: string) => Math.round((result.lhr.categories[id]?.score ?? 0) * 100);
      scores.push({
        path,
        performance: score('performance'),
        accessibility: score('accessibility'),
        bestPractices: score('best-practices'),
        seo: score('seo'),
      });
    }
  } finally {
    await chrome.kill();
  }
  return scores;
}
