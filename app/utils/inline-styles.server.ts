import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { EntryContext } from 'react-router';

const cache = new Map<string, string>();

/** The CSS text of the stylesheets of the routes this page matched, read once per file. */
export function stylesheetsOfPage(context: EntryContext, buildDir: string): string {
  const hrefs = new Set<string>();
  for (const match of context.staticHandlerContext.matches) {
    for (const href of context.manifest.routes[match.route.id]?.css ?? []) hrefs.add(href);
  }
  let css = '';
  for (const href of hrefs) {
    let text = cache.get(href);
    if (text === undefined) {
      // A stylesheet cannot end the <style> element it is written into.
      text = readFileSync(path.join(buildDir, 'client', href), 'utf8').replaceAll(
        '</style',
        '<\\/style',
      );
      cache.set(href, text);
    }
    css += text;
  }
  return css;
}
