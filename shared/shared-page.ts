/** Set by a page whose HTML is the same for every visitor without a session. */
export const SHARED_PAGE_HEADER = 'X-Shared-Page';
