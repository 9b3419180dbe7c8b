import { isUuid } from '@shared/text';
import { data } from 'react-router';
import { getCurrentCustomer } from '~/server/accounts.server';
import { AppError, UnauthorizedError } from '~/server/errors.server';

/*
 * Pages of one order reached by a signed link in an e-mail (`t`, no login) or by its customer
 * logged in: the approval (issue 15) and the intake report (issue 16). Their loaders and
 * actions share these steps.
 */

/** The id in the page's path: a UUID, else the page does not exist (404). */
export function linkedPageId(id: string | undefined): string {
  if (!id || !isUuid(id)) throw data('Not found', { status: 404 });
  return id;
}

/** The logged-in customer's id, from the session cookie or bearer token; null for a visitor. */
export async function currentCustomerId(
  services: Parameters<typeof getCurrentCustomer>[0],
  request: Request,
): Promise<string | null> {
  const customer = await getCurrentCustomer(services, {
    cookie: request.headers.get('cookie'),
    authorization: request.headers.get('authorization'),
  });
  return customer?.id ?? null;
}

/**
 * Reads what the page shows: a link that is not (or no longer) good is `{ refused }`, which
 * the page shows with a 401 and a way to log in; an unknown order, or another customer's, is
 * the 404 page.
 */
export async function readLinkedPage<T>(
  read: () => Promise<T>,
): Promise<{ value: T; refused: null } | { value: null; refused: string }> {
  try {
    return { value: await read(), refused: null };
  } catch (error) {
    if (error instanceof UnauthorizedError) return { value: null, refused: error.message };
    if (error instanceof AppError && error.kind === 'not-found') {
      throw data('Not found', { status: 404 });
    }
    throw error;
  }
}
