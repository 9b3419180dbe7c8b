import { CLIENT_ERROR_MESSAGE, createClient } from '@shared/api/client';

export type { Failure } from '@shared/api/client';

/**
 * The website's calls to the API: the typed client of the contract (shared/api/client.ts),
 * the session travelling in the HttpOnly cookie. A 401 from a customer endpoint removes the
 * stored login (spec 4).
 */
export const call = createClient({
  onUnauthorized: (endpoint) => {
    if (!endpoint.auth?.includes('staff')) forgetLogin();
  },
});

export const GENERIC_ERROR = CLIENT_ERROR_MESSAGE;

/** Keys of spec 3's locally stored client state that the account feature uses. */
export const storageKeys = { user: 'USER_DATA', token: 'ACCESS_TOKEN', from: 'FROM' } as const;

/** Spec 4: a 401 removes the stored login. */
export function forgetLogin() {
  try {
    localStorage.removeItem(storageKeys.user);
    localStorage.removeItem(storageKeys.token);
  } catch {
    // storage may be unavailable (private mode); nothing to forget then
  }
}
