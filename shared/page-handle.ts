/**
 * What a route module's `handle` says about its page's scripts (docs/decisions/041). A page
 * with nothing interactive (the FAQs, a blog post, the terms…) says `{ hydrate: false }`: it
 * ships no JavaScript, as Remix's "Disabling JavaScript" guide has it. The root then renders
 * neither React Router's <Scripts> nor <ScrollRestoration>; the page is HTML and CSS, its
 * links are plain links and its forms plain POSTs. Every other page hydrates (the default,
 * so a page that forgets to say works as before). Combines with `sharedPage`
 * (shared/shared-page.ts) in the same handle.
 */
export type ScriptsHandle = { hydrate?: boolean };

/** Whether the page of these matched routes' handles loads its scripts: none says no. */
export function pageHydrates(handles: readonly unknown[]): boolean {
  return handles.every((handle) => (handle as ScriptsHandle | undefined)?.hydrate !== false);
}
