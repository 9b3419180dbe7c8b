import { AccountFrame } from '~/features/account/account-frame';
import { OrdersList } from '~/features/account/account-views';
import { ApprovalNotices } from '~/features/account/approval-notice';
import {
  accountCustomerView,
  accountHeaders,
  requireAccountCustomer,
} from '~/features/account/account.server';
import type { Route } from './+types/account-orders';

/** /account/orders: every order of the customer, each opening its own page (decision 038). */

export function meta({ matches }: Route.MetaArgs) {
  const brand = matches[0]?.loaderData?.brand;
  return [{ title: `Orders | ${brand?.name ?? ''}` }, { name: 'robots', content: 'noindex' }];
}

export async function loader({ context, request }: Route.LoaderArgs) {
  const customer = await requireAccountCustomer(context.services, request);
  const view = await accountCustomerView(context.services, customer.id);
  return { orders: view.orders };
}

export function headers() {
  return accountHeaders;
}

export default function AccountOrders({ loaderData }: Route.ComponentProps) {
  return (
    <AccountFrame current="orders" title="Orders">
      <div className="space-y-6">
        <ApprovalNotices orders={loaderData.orders} />
        <OrdersList orders={loaderData.orders} />
      </div>
    </AccountFrame>
  );
}
