import { createContext, useContext } from 'react';
import { Links } from 'react-router';

/**
 * The page's stylesheets, written into the HTML (production): a linked stylesheet blocks the
 * first paint for one more request, and the site has one small stylesheet (Tailwind's, about
 * 8 kB gzipped) that every page uses. entry.server.tsx reads the CSS files of the matched
 * routes from the build and provides their text; the browser reads that text back from the
 * <style> the server wrote (when it first renders, before hydration replaces anything), so
 * a <style> React mounts again later (the document after an error boundary) has it too.
 * The development server keeps React Router's <Links> (Vite's CSS updates).
 */
const InlineCssContext = createContext<string | null>('');
/** The CSS text to write inline, or null where the page links its stylesheets (below). */
export const InlineCssProvider = InlineCssContext.Provider;

/**
 * The pages rendered for one visitor (the account, the back office) link their stylesheet
 * instead: they are rendered on every request, where 62 kB of CSS written into each page was
 * a fifth of the server's CPU per page (render and gzip), and the people who open them come
 * back, their browser holding the stylesheet (hashed name, cached for a year). Public pages,
 * which a first visit lands on, keep it inline. (Issue 30, decision 062.)
 */
export function linksItsStylesheets(pathname: string): boolean {
  return /^\/(account|admin)(\/|$)/.test(pathname);
}

let cssInBrowser: string | null | undefined;
/** What the server wrote: the inline CSS, or null when the document linked its stylesheets. */
function cssOfDocument(): string | null {
  if (typeof document === 'undefined') return '';
  cssInBrowser ??= document.querySelector('style[data-page-styles]')?.textContent ?? null;
  return cssInBrowser;
}

export function PageStyles() {
  // In the browser the document decides once for the whole visit: a page reached by a link
  // keeps the way its first document carried the stylesheet (inline text, or <Links>).
  const provided = useContext(InlineCssContext);
  const css = typeof document === 'undefined' ? provided : cssOfDocument();
  if (import.meta.env.DEV || css === null) {
    // No nonce on stylesheets (style-src allows them without one): the browser has no nonce
    // to hydrate them with, and the development server's critical-CSS link would otherwise
    // not match (React reports a hydration mismatch on every page).
    return <Links nonce="" />;
  }
  return <style data-page-styles="" dangerouslySetInnerHTML={{ __html: css }} />;
}
