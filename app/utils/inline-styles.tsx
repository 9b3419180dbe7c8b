import { createContext, useContext } from 'react';
import { Links } from 'react-router';

/**
 * The page's stylesheets, written into the HTML (production): a linked stylesheet blocks the
 * first paint for one more request, and the site has one small stylesheet (Tailwind's, about
 * 8 kB gzipped) that every page uses. entry.server.tsx reads the CSS files of the matched
 * routes from the build and provides their text; in the browser the text is empty and the
 * <style> the server wrote is kept as it is (React does not rewrite dangerouslySetInnerHTML
 * when hydrating). The development server keeps React Router's <Links> (Vite's CSS updates).
 */
const InlineCssContext = createContext('');
export const InlineCssProvider = InlineCssContext.Provider;

export function PageStyles() {
  const css = useContext(InlineCssContext);
  if (import.meta.env.DEV) {
    // No nonce on stylesheets (style-src allows them without one): the browser has no nonce
    // to hydrate them with, and the development server's critical-CSS link would otherwise
    // not match (React reports a hydration mismatch on every page).
    return <Links nonce="" />;
  }
  return <style dangerouslySetInnerHTML={{ __html: css }} suppressHydrationWarning />;
}
