/** Browser calls to the account API. The session travels in the HttpOnly cookie. */
export type ApiReply<T = Record<string, unknown>> = {
  status: number;
  body: T & { status?: boolean; message?: string; errors?: Record<string, string[]> };
};

export const GENERIC_ERROR = 'Something went wrong, please try again!';

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

export async function callApi<T = Record<string, unknown>>(
  path: string,
  body?: unknown,
  method = body === undefined ? 'GET' : 'POST',
  headers: Record<string, string> = {},
): Promise<ApiReply<T>> {
  try {
    const response = await fetch(path, {
      method,
      credentials: 'same-origin',
      headers: body === undefined ? headers : { 'Content-Type': 'application/json', ...headers },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const parsed = (await response.json().catch(() => ({}))) as ApiReply<T>['body'];
    if (response.status === 401) forgetLogin();
    return { status: response.status, body: parsed };
  } catch {
    return { status: 0, body: { status: false, message: GENERIC_ERROR } as ApiReply<T>['body'] };
  }
}

/** First message per field of a 422 reply. */
export function fieldMessages(errors?: Record<string, string[]>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [field, list] of Object.entries(errors ?? {})) if (list[0]) out[field] = list[0];
  return out;
}
