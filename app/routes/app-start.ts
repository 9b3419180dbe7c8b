import { redirect } from 'react-router';
import { getCurrentCustomer } from '~/server/accounts.server';
import type { Route } from './+types/app-start';

/**
 * The installed app's start URL (the manifest's start_url, decision 059): a signed-in
 * customer's orders, anyone else's booking form. Never cached: it depends on the visitor.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const customer = await getCurrentCustomer(context.services, {
    cookie: request.headers.get('cookie'),
    authorization: request.headers.get('authorization'),
  });
  return redirect(customer ? '/account/orders' : '/#order', {
    status: 302,
    headers: { 'Cache-Control': 'private, no-store' },
  });
}
