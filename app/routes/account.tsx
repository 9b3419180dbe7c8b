import { redirect } from 'react-router';
import { AccountDashboard } from '~/features/account/account-views';
import {
  accountAction,
  accountCustomerView,
  accountHeaders,
  requireAccountCustomer,
} from '~/features/account/account.server';
import type { Route } from './+types/account';

/*
 * /account: the dashboard on a desktop, the menu on a phone (issue 18, decision 038). Each
 * section has its own URL; the old ?view= addresses are moved there for good.
 */

export function meta({ matches }: Route.MetaArgs) {
  const brand = matches[0]?.loaderData?.brand;
  return [{ title: `My account | ${brand?.name ?? ''}` }, { name: 'robots', content: 'noindex' }];
}

/** The views of the old single account page and the pages they are now. */
const movedViews: Record<string, string> = {
  orders: '/account/orders',
  profile: '/account/profile',
  password: '/account/profile',
  messages: '/account/messages',
  dashboard: '/account',
  menu: '/account',
};

// Guarded on the server (spec 2): no live session, no account page.
export async function loader({ context, request, url }: Route.LoaderArgs) {
  const view = url.searchParams.get('view');
  if (view !== null) throw redirect(movedViews[view] ?? '/account', 301);
  const customer = await requireAccountCustomer(context.services, request);
  return { customer: await accountCustomerView(context.services, customer.id) };
}

/** Logout from the menu (and forms posted to the old address) (spec 4). */
export const action = accountAction;

export function headers() {
  return accountHeaders;
}

export default function AccountPage({ loaderData }: Route.ComponentProps) {
  return <AccountDashboard customer={loaderData.customer} />;
}
