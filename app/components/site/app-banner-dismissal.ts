/**
 * The app banner's state, set before the first paint. The banner is in the server's HTML (the
 * shared page cache keeps one copy for every visitor of a kind of device), so it has its room
 * from the first paint and hydration moves nothing (a banner added after hydration pushed the
 * contact bar up: a layout shift on every phone visit). The inline script below marks <html>
 * before <body> is parsed: `data-app-banner="open"`, or "closed" when the visitor closed it in
 * the last day; app.css shows the banner only while it is open (so never without JavaScript,
 * where its close button could not work), and the contact bar's own App button otherwise.
 * The same script closes it: one listener on the document for the banner's close button,
 * which works from the first paint, before the page has hydrated, and on every page after.
 */
/** The banner's close button has it (app-banner.tsx). */
const closeButton = '[data-app-banner-close]';

const storageKey = 'app_banner_dismissed_at';
const key = JSON.stringify(storageKey);
const mark = JSON.stringify('data-app-banner');
const day = 24 * 3_600_000;

/** Inline in <head>. Without storage (a private window) the banner is offered, not kept closed. */
export const appBannerScript =
  `(function(){var d=document;function set(v){d.documentElement.setAttribute(${mark},v)}` +
  `var closed=0;try{closed=Date.now()-Number(localStorage.getItem(${key})||0)<${day}}catch(e){}` +
  `set(closed?"closed":"open");` +
  `d.addEventListener("click",function(e){var t=e.target;` +
  `if(!t||!t.closest||!t.closest("${closeButton}"))return;set("closed");` +
  `try{localStorage.setItem(${key},String(Date.now()))}catch(e){}})})()`;

/**
 * Marks <html> again as the inline script did, when the mark is gone: React DOM 19 clears
 * the attributes of <html> when it takes the element over anew, which it does when the root
 * swaps a page for its error page in the browser (a 404 reached by a link; decision 041).
 */
export function restoreAppBannerMark(): void {
  const html = document.documentElement;
  if (html.hasAttribute('data-app-banner')) return;
  let closed = false;
  try {
    closed = Date.now() - Number(localStorage.getItem(storageKey) || 0) < day;
  } catch {
    // no storage: the banner is offered, as the inline script does
  }
  html.setAttribute('data-app-banner', closed ? 'closed' : 'open');
}
