/**
 * When a page's scripts start loading.
 *
 * Pages that ask for it (PageHandle `scriptsAfterFirstPaint`) start them once they have been
 * painted (docs/decisions/033).
 * React Router's <Scripts> writes a module preload for every script of the page (hoisted into
 * <head> by React) and an inline module script that imports the route modules and the client
 * entry. The browser then fetches ~130 kB of scripts while it is still laying out and
 * painting the HTML, which is complete without them: on a slow connection they share its
 * bandwidth, on a phone's few cores their parsing shares its CPU, and the first paint waits.
 *
 * This rewrites the server's HTML so that nothing of the scripts is fetched before the first
 * paint: the preloads leave <head>, the module script is written inert (`type="text/plain"`),
 * and a small inline script after it, once the first contentful paint is reported, adds the
 * preloads and puts a live copy of the module script in its place. React Router then starts
 * and hydrates as before, one paint later. The page works before that (forms are plain HTML
 * forms), as it did while the scripts were loading.
 */

/**
 * The page's module preloads (React Router's <Scripts>, hoisted into <head> by React) at low
 * fetch priority: at the default (high) they share the first round trips with the document
 * and its images, so on a slow connection the first paint waits for ~110 kB of scripts that
 * it does not need (the HTML is complete without them). Only the <head> is rewritten. For
 * pages that do not hold their scripts until the first paint (below).
 */
export function lowPriorityModulePreloads(head: string): string {
  return head.replaceAll(
    '<link rel="modulepreload"',
    '<link rel="modulepreload" fetchpriority="low"',
  );
}

/**
 * Rewrites the pieces of a streamed page up to and including the one that closes <head>.
 * A tag cut in two between pieces is left as it is (entry.server.tsx joins what React writes
 * in one turn, and the head is written in one).
 */
export function headRewriter(rewrite: (html: string) => string) {
  let inHead = true;
  return (piece: Buffer): Buffer => {
    if (!inHead) return piece;
    const html = piece.toString('utf8');
    if (html.includes('</head>')) inHead = false;
    // A piece that ends inside a multi-byte character is passed on untouched.
    if (Buffer.byteLength(html, 'utf8') !== piece.length) return piece;
    const next = rewrite(html);
    return next === html ? piece : Buffer.from(next, 'utf8');
  };
}

/** The attribute of the starter script that lists the page's module preloads. */
export const PRELOAD_LIST_ATTRIBUTE = 'data-modulepreload';

/** The type the module script is written with until the starter makes it live. */
export const HELD_MODULE_TYPE = 'text/plain';

/**
 * Runs in the page, as `(function (starter) { … })(document.currentScript)`. The module script
 * it brings to life is the element before it; the preloads are in its attribute. It starts
 * on the first contentful paint, at once when the page is hidden (no paint will come), after
 * a frame when the paint has already happened (a page streamed slowly), and in any case
 * after two seconds.
 */
const STARTER = `(function(s){var d=document,held=s.previousElementSibling,nonce=s.nonce,list=s.getAttribute('${PRELOAD_LIST_ATTRIBUTE}'),done=0;s.remove();function go(){if(done||!held)return;done=1;(list?list.split(' '):[]).forEach(function(h){var l=d.createElement('link');l.rel='modulepreload';l.href=h;d.head.appendChild(l)});var m=d.createElement('script');m.type='module';m.nonce=nonce;m.textContent=held.textContent;held.replaceWith(m)}function later(){requestAnimationFrame(function(){setTimeout(go,0)})}setTimeout(go,2000);if(d.visibilityState!=='visible')return go();var P=window.PerformanceObserver;if(!P||(P.supportedEntryTypes||[]).indexOf('paint')<0)return later();if(performance.getEntriesByName('first-contentful-paint').length)return later();new P(function(e,o){if(e.getEntriesByName('first-contentful-paint').length){o.disconnect();setTimeout(go,0)}}).observe({type:'paint'})})(document.currentScript)`;

const MODULE_PRELOAD = /<link rel="modulepreload"[^>]*>/g;
/** The inline module script of React Router's <Scripts> (the only inline module script). */
const MODULE_SCRIPT = /<script\b([^>]*?)\stype="module"([^>]*)>([\s\S]*?)<\/script>/;

function attribute(tag: string, name: string): string | undefined {
  return new RegExp(`\\s${name}="([^"]*)"`).exec(tag)?.[1];
}

/**
 * Rewrites the pieces of a streamed page: the module preloads out of <head>, then the module
 * script held back with the starter after it. Pieces after that pass on untouched. A piece cut
 * inside a multi-byte character, or a module script cut between pieces, is passed on as it is
 * (entry.server.tsx joins what React writes in one turn, and the shell is written in one): the
 * page then loads its scripts through the module script's imports, as a page without preloads.
 */
export function scriptsAfterFirstPaint() {
  let inHead = true;
  let done = false;
  const preloads: string[] = [];
  return (piece: Buffer): Buffer => {
    if (done) return piece;
    const html = piece.toString('utf8');
    if (Buffer.byteLength(html, 'utf8') !== piece.length) return piece;
    let head = '';
    let body = html;
    if (inHead) {
      const end = html.indexOf('</head>');
      head = end >= 0 ? html.slice(0, end) : html;
      body = end >= 0 ? html.slice(end) : '';
      head = head.replace(MODULE_PRELOAD, (tag) => {
        const href = attribute(tag, 'href');
        if (href) preloads.push(href);
        return '';
      });
      if (end >= 0) inHead = false;
    }
    if (!inHead) {
      body = body.replace(MODULE_SCRIPT, (tag, before: string, after: string, code: string) => {
        if (/\ssrc="/.test(before + after)) return tag;
        done = true;
        const nonce = attribute(before + after, 'nonce');
        const nonceAttribute = nonce === undefined ? '' : ` nonce="${nonce}"`;
        return (
          `<script${nonceAttribute} type="${HELD_MODULE_TYPE}">${code}</script>` +
          `<script${nonceAttribute} ${PRELOAD_LIST_ATTRIBUTE}="${preloads.join(' ')}">${STARTER}</script>`
        );
      });
    }
    const next = head + body;
    return next === html ? piece : Buffer.from(next, 'utf8');
  };
}
