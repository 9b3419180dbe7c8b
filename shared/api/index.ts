import { accountsApi } from './accounts';
import { addressBookApi } from './address-book';
import { carePreferencesApi } from './care-preferences';
import { approvalsApi } from './approvals';
import { adminApi } from './admin';
import { bookingApi } from './booking';
import { catalogueApi } from './catalogue';
import { checkoutApi } from './checkout';
import { intakeApi } from './intake';
import { intakeReportApi } from './intake-report';
import { driverApi } from './driver';
import type { Endpoint, HttpMethod } from './contract';
import { paymentsApi, webhooksApi } from './payments';
import { trackingApi } from './tracking';
import { photosApi } from './photos';
import { recurringApi } from './recurring';
import { adminReviewsApi, reviewsApi } from './reviews';
import { accountDataApi } from './account-data';
import { adminPushApi, pushApi } from './push';
import { adminClaimsApi } from './admin-claims';
import { claimsApi } from './claims';

/**
 * The whole /api contract, by area. The server registers its routes from it, the OpenAPI
 * document is generated from it, and the website calls the API through it.
 */
export const api = {
  catalogue: catalogueApi,
  booking: bookingApi,
  accounts: accountsApi,
  addressBook: addressBookApi,
  carePreferences: carePreferencesApi,
  push: pushApi,
  checkout: checkoutApi,
  payments: paymentsApi,
  approvals: approvalsApi,
  intakeReport: intakeReportApi,
  tracking: trackingApi,
  webhooks: webhooksApi,
  admin: adminApi,
  adminPush: adminPushApi,
  intake: intakeApi,
  driver: driverApi,
  photos: photosApi,
  recurring: recurringApi,
  reviews: reviewsApi,
  adminReviews: adminReviewsApi,
  accountData: accountDataApi,
  claims: claimsApi,
  adminClaims: adminClaimsApi,
};

/** Every endpoint of the contract. */
export function allEndpoints(): Endpoint[] {
  return Object.values(api).flatMap((area) => Object.values(area) as Endpoint[]);
}

function matcher(path: string): RegExp {
  const pattern = path
    .split('/')
    .map((part) => (part.startsWith(':') ? '[^/]+' : part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')))
    .join('/');
  return new RegExp(`^${pattern}$`);
}

const table = allEndpoints().map((e) => ({ endpoint: e, pattern: matcher(e.path) }));

/**
 * The endpoint a request is for. A literal path wins over a parameter one
 * (/api/getarea/group before /api/getarea/:id).
 */
export function findEndpoint(method: string, path: string): Endpoint | undefined {
  const candidates = table.filter(
    (t) => t.endpoint.method === (method.toUpperCase() as HttpMethod) && t.pattern.test(path),
  );
  candidates.sort((a, b) => a.endpoint.path.split(':').length - b.endpoint.path.split(':').length);
  return candidates[0]?.endpoint;
}

export * from './contract';
