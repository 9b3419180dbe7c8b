import { readFileSync } from 'node:fs';
import { describe, expect, test } from 'vitest';
import {
  CLAIM_FORM_BODY_MAX,
  CLAIM_PAGE_BODY_MAX,
  PAGE_BODY_MAX,
  pageBodyLimit,
} from '@shared/claims/page-uploads';

/*
 * deploy/nginx.conf lets through the bodies the pages promise (issue 34, decision 063): the
 * claim form's 5 photos and a receipt, a claim page's photo, by the same paths as the app's
 * limits (shared/claims/page-uploads.ts); other pages keep the general limit.
 */

const conf = readFileSync(new URL('../deploy/nginx.conf', import.meta.url), 'utf8');
const MB = 1024 * 1024;
const sizeOf = (block: string) => Number(/client_max_body_size (\d+)m;/.exec(block)?.[1]) * MB;

/** The body limit nginx applies to a path: the first regex location matching it, else the server's. */
function nginxLimit(path: string): number {
  for (const m of conf.matchAll(/location ~ (\S+) \{([^}]*)\}/g)) {
    if (new RegExp(m[1]!).test(path) && m[2]!.includes('client_max_body_size')) {
      return sizeOf(m[2]!);
    }
  }
  return sizeOf(conf.replace(/location[^{]*\{[^}]*\}/g, ''));
}

describe('nginx body limits against the pages’ own', () => {
  const order = '3f1c2a7e-0000-4000-8000-000000000001';
  test.each([
    [`/account/orders/${order}/claim`, CLAIM_FORM_BODY_MAX],
    [`/order/intake/${order}/claim`, CLAIM_FORM_BODY_MAX],
    ['/account/claims/12', CLAIM_PAGE_BODY_MAX],
    [`/order/intake/${order}/claims/12`, CLAIM_PAGE_BODY_MAX],
    ['/account/profile', PAGE_BODY_MAX],
  ])('%s: nginx lets through what the app takes', (path, appLimit) => {
    expect(pageBodyLimit(path)).toBe(appLimit);
    expect(nginxLimit(path)).toBeGreaterThanOrEqual(appLimit);
    // And not far beyond it: the app's 413 page is said, not nginx's.
    expect(nginxLimit(path)).toBeLessThanOrEqual(appLimit + MB);
  });

  test('the claim form takes 5 photos and a receipt of 10 MB each', () => {
    expect(CLAIM_FORM_BODY_MAX).toBeGreaterThanOrEqual(6 * 10 * MB);
    expect(nginxLimit(`/account/orders/${order}/claim`)).toBe(61 * MB);
  });
});
