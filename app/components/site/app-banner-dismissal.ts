/**
 * The app banner's "closed for a day", read before the first paint. The banner is in the
 * server's HTML (the shared page cache keeps one copy for every visitor of a kind of device),
 * so it has its room from the first paint and hydration moves nothing (a banner added after
 * hydration pushed the contact bar up: layout shift on every phone visit). A visitor who
 * closed it in the last day has `data-app-banner="closed"` on <html>, set by the inline
 * script below before <body> is parsed, and app.css hides the banner (and shows the bar's
 * own App button) while it is set.
 */
const key = 'app_banner_dismissed_at';
const hours = 24;
const attribute = 'data-app-banner';

/** Inline in <head>: marks <html> when the banner was closed in the last day. */
export const appBannerClosedScript = `try{if(Date.now()-Number(localStorage.getItem(${JSON.stringify(key)})||0)<${hours * 3_600_000})document.documentElement.setAttribute(${JSON.stringify(attribute)},"closed")}catch(e){}`;

/** Closes the banner for this page at once and, where storage allows, for a day. */
export function closeAppBanner() {
  document.documentElement.setAttribute(attribute, 'closed');
  try {
    localStorage.setItem(key, String(Date.now()));
  } catch {
    // not remembered; it is closed for this page anyway
  }
}
