/**
 * What a route module's `handle` says when its page is the same for every visitor (catalogue,
 * areas, blog…): `{ sharedPage: true }`. The server then renders it for nobody in particular
 * (no cookie, no Authorization) and serves those bytes to everyone until the content changes
 * (server/http/page-cache.ts, decision 011). Such a page reads nothing personal on the server;
 * what is personal on it (the signed-in name, the address book) is filled in by the browser.
 */
export type SharedPageHandle = { sharedPage?: boolean };

export function isSharedPageHandle(handle: unknown): boolean {
  return (handle as SharedPageHandle | undefined)?.sharedPage === true;
}
