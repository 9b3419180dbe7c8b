import { SHARED_PAGE_HEADER } from '@shared/shared-page';

/**
 * The `headers` of a page that is the same for every visitor without a session (catalogue,
 * areas, blog…): the server may serve its HTML again until the content changes
 * (server/http/page-cache.ts). Pages with anything personal must not use it.
 */
export function sharedPageHeaders() {
  return { [SHARED_PAGE_HEADER]: '1' };
}
