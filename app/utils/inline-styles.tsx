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
const InlineCssContext = createContext('');
export const InlineCssProvider = InlineCssContext.Provider;

let cssInBrowser: string | undefined;
function cssOfDocument(): string {
  if (typeof document === 'undefined') return '';
  cssInBrowser ??= document.querySelector('style[data-page-styles]')?.textContent ?? '';
  return cssInBrowser;
}

export function PageStyles() {
  const css = useContext(InlineCssContext) || cssOfDocument();
  if (import.meta.env.DEV) {
    // No nonce on stylesheets (style-src allows them without one): the browser has no nonce
    // to hydrate them with, and the development server's critical-CSS link would otherwise
    // not match (React reports a hydration mismatch on every page).
    return <Links nonce="" />;
  }
  return <style data-page-styles="" dangerouslySetInnerHTML={{ __html: css }} />;
}
