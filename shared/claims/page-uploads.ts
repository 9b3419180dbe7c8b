import { PHOTO_MAX_BYTES } from '../photos';

/*
 * How much the claims pages take in one POST (issue 34, decision 063 "Pages"): the claim form
 * carries at most 5 photos and a receipt of 10 MB each; the claim's page one photo. The app
 * refuses a page body above its limit with a 413 before reading it (server/http/pages.ts), and
 * deploy/nginx.conf lets these routes' bodies through up to the same sizes.
 */

/** Room for a form's fields beside its files. */
const FIELDS_BYTES = 1024 * 1024;

/** The claim form's files in all: its photos and receipts. */
export const CLAIM_FORM_FILES_MAX = 6;
export const CLAIM_FORM_FILES_TOO_MANY =
  'Send at most 5 photos and a receipt with the claim: you can add more on the claim’s page.';

/** Largest body of the claim form (61 MB) and of a claim's page (a photo: 11 MB). */
export const CLAIM_FORM_BODY_MAX = CLAIM_FORM_FILES_MAX * PHOTO_MAX_BYTES + FIELDS_BYTES;
export const CLAIM_PAGE_BODY_MAX = PHOTO_MAX_BYTES + FIELDS_BYTES;

/** Any other page's form (no uploads): the proxy's general limit. */
export const PAGE_BODY_MAX = 6 * 1024 * 1024;

/** The claims pages that take photos, by path (the guest's intake-report routes included). */
const claimFormPath = /^\/(account\/orders|order\/intake)\/[^/]+\/claim$/;
const claimPagePath = /^\/(account\/claims|order\/intake\/[^/]+\/claims)\/[^/]+$/;

/** The largest body a page's POST may carry, by its path (no query). */
export function pageBodyLimit(pathname: string): number {
  if (claimFormPath.test(pathname)) return CLAIM_FORM_BODY_MAX;
  if (claimPagePath.test(pathname)) return CLAIM_PAGE_BODY_MAX;
  return PAGE_BODY_MAX;
}
