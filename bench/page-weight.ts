import http from 'node:http';

/**
 * A public page loads at most this much JavaScript, gzipped (kB = 1024 bytes): React DOM 19,
 * React Router and the page's own code (issue 30, docs/decisions/041; 100 kB with Preact, 039).
 */
export const JS_BUDGET_KB = 140;

/**
 * What a public page may load on top of the framework (its own route code, the booking form,
 * shared components), gzipped: the part of the page weight that our code decides
 * (docs/decisions/021, 041; issue 30 sets it at 25 kB on every public page).
 */
export const PAGE_CODE_BUDGET_KB = 25;

export type PageWeight = {
  path: string;
  jsGzipBytes: number;
  /** Of jsGzipBytes, the client entry and its imports: React DOM and React Router (decision 041). */
  frameworkGzipBytes: number;
  cssGzipBytes: number;
  imageNote: string;
};

/** Bytes on the wire (gzip as the browser asks for it) of one URL. */
function wireBytes(url: string): Promise<number> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers: { 'Accept-Encoding': 'gzip' } }, (res) => {
        let bytes = 0;
        res.on('data', (c: Buffer) => (bytes += c.length));
        res.on('end', () => resolve(bytes));
      })
      .on('error', reject);
  });
}

/**
 * The JavaScript and CSS a page makes the browser load (module scripts, module preloads, the
 * preloads it adds after its first paint, and stylesheets named in the server's HTML), gzipped
 * as served, and whether its images are offered in sizes for the screen (srcset/sizes or
 * <picture> sources, or SVG).
 */
export async function measurePageWeight(baseUrl: string, path: string): Promise<PageWeight> {
  const html = await (await fetch(new URL(path, baseUrl))).text();
  const attr = (tag: string, name: string) =>
    new RegExp(`${name}="([^"]+)"`).exec(tag)?.[1] ?? undefined;
  const js = new Set<string>();
  const css = new Set<string>();
  for (const [tag] of html.matchAll(/<(script|link)\b[^>]*>/g)) {
    if (tag.startsWith('<script')) {
      const src = attr(tag, 'src');
      if (src) js.add(src);
    } else if (/rel="modulepreload"/.test(tag)) {
      const href = attr(tag, 'href');
      if (href) js.add(href);
    } else if (/rel="stylesheet"/.test(tag)) {
      const href = attr(tag, 'href');
      if (href && !href.startsWith('http')) css.add(href);
    }
  }
  // Inline module imports of the entry (React Router lists them as modulepreload too).
  for (const [, src] of html.matchAll(/import\(?\s*"(\/assets\/[^"]+\.js)"/g)) js.add(src!);
  // The preloads the page adds once it has painted (app/utils/script-priority.ts).
  for (const [, list] of html.matchAll(/<script\b[^>]*\sdata-modulepreload="([^"]*)"/g)) {
    for (const src of list!.split(' ').filter(Boolean)) js.add(src);
  }
  const framework = frameworkScripts(html);
  let jsGzipBytes = 0;
  let frameworkGzipBytes = 0;
  for (const src of js) {
    const bytes = await wireBytes(new URL(src, baseUrl).toString());
    jsGzipBytes += bytes;
    if (framework.has(src)) frameworkGzipBytes += bytes;
  }
  let cssGzipBytes = 0;
  for (const href of css) cssGzipBytes += await wireBytes(new URL(href, baseUrl).toString());

  const images = [...html.matchAll(/<img\b[^>]*>/g)].map(([tag]) => tag);
  const responsive = images.filter(
    (tag) => /srcset=/.test(tag) || /\.svg"/.test(tag) || /data:image\/svg/.test(tag),
  );
  const pictures = (html.match(/<picture\b/g) ?? []).length;
  const imageNote = `${images.length} <img>, ${responsive.length} responsive or SVG, ${pictures} <picture>`;
  return { path, jsGzipBytes, frameworkGzipBytes, cssGzipBytes, imageNote };
}

/** The client entry and its imports, as React Router's manifest in the page names them. */
export function frameworkScripts(html: string): Set<string> {
  const entry = /"entry":\s*(\{[^}]*\})/.exec(html)?.[1];
  if (!entry) return new Set();
  const { module, imports } = JSON.parse(entry) as { module: string; imports: string[] };
  return new Set([module, ...imports]);
}

export function withinJsBudget(w: PageWeight): boolean {
  return w.jsGzipBytes <= JS_BUDGET_KB * 1024;
}

/** Gzipped bytes of the page's own code: what it loads beyond the framework. */
export function pageCodeBytes(w: PageWeight): number {
  return w.jsGzipBytes - w.frameworkGzipBytes;
}

export function withinPageCodeBudget(w: PageWeight): boolean {
  return pageCodeBytes(w) <= PAGE_CODE_BUDGET_KB * 1024;
}
