import { hydrate, type ComponentChild, type ContainerNode } from 'preact';
import { HydratedRouter } from 'react-router/dom';

/*
 * The browser's entry: Preact hydrates the document that React rendered on the server
 * (docs/decisions/039). In this module React's imports are Preact's (vite.config.ts).
 */

/**
 * React Router decodes the loader data the server streamed into the page before it renders,
 * and until then suspends at the very root, which React allows and Preact does not. So the
 * decoding is started (HydratedRouter's first call throws its promise, before any hook) and
 * awaited here; when hydration renders HydratedRouter, the data is there.
 */
async function streamedDataDecoded(): Promise<void> {
  try {
    (HydratedRouter as (props: object) => unknown)({});
  } catch (thrown) {
    if (thrown instanceof Promise) await thrown;
  }
}

/**
 * The document as the parent Preact hydrates into: its one child is <html>. Preact cannot
 * take `document` itself (the doctype is a child it cannot match), and React Router renders
 * <html> whole; the Preact team's way round both (remix-run/remix#425). A new <html>, which
 * Preact mounts when React Router swaps the root's page for its error page (React keeps the
 * same element there), takes the old one's place; its scripts, which have run in this
 * document already, are made inert first (they would run again, or be refused by the CSP), and
 * it keeps the marks they set on the first <html>.
 */
function documentAsParent(): ContainerNode {
  // The <html> in place last: Preact may remove it before it adds the new one.
  let last = document.documentElement;
  const place = (html: Node) => {
    const current = document.documentElement;
    if (current === html) return html;
    if (html instanceof Element) {
      for (const script of html.querySelectorAll('script')) script.type = 'text/plain';
      // What those scripts marked on the first <html> (the app banner open or closed, from
      // app-banner-dismissal.ts) holds for the new one too.
      for (const { name, value } of (current ?? last).attributes) {
        if (name.startsWith('data-') && !html.hasAttribute(name)) html.setAttribute(name, value);
      }
      last = html as HTMLElement;
    }
    return current ? document.replaceChild(html, current) : document.appendChild(html);
  };
  return {
    // A node that holds others, for preact/debug's check in development (9, a document,
    // would make Preact hydrate into <html> instead of replacing it).
    nodeType: Node.DOCUMENT_FRAGMENT_NODE,
    get childNodes() {
      return [document.documentElement];
    },
    get firstChild() {
      return document.documentElement;
    },
    insertBefore: place,
    appendChild: place,
  } as unknown as ContainerNode;
}

/**
 * The resource hints in <head> that no component renders: the image preloads React hoisted
 * there on the server and the module preloads the starter added (app/utils/script-priority.ts).
 * Preact, hydrating, takes the first element of a tag for each element rendered, so it put the
 * favicon and the canonical link onto these, then moved the title and the stylesheet (the
 * browser parsed the page's CSS again and laid the whole page out again) and removed the rest.
 * Their fetches have started or ended; without them the head matches what Layout renders.
 */
function withoutResourceHints(head: HTMLHeadElement) {
  for (const hint of head.querySelectorAll('link[rel="preload"], link[rel="modulepreload"]')) {
    hint.remove();
  }
}

// In development, Preact's checks (hydration mismatches, misused hooks) report to the console,
// as React's do (tests/browser/hydration.browser.test.ts reads it).
if (import.meta.env.DEV) await import('preact/debug');
await streamedDataDecoded();
// A turn of the event loop between the decoding and the hydration: one long task becomes two
// shorter ones, and a tap in between is answered (Lighthouse's blocking time on / fell by a
// third; docs/benchmarks.md).
await new Promise((resolve) => setTimeout(resolve, 0));
withoutResourceHints(document.head);
hydrate((<HydratedRouter />) as unknown as ComponentChild, documentAsParent());
