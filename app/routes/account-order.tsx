import { data } from 'react-router';
import { AccountFrame } from '~/features/account/account-frame';
import { OrderDetail } from '~/features/account/order-detail';
import {
  accountCustomerView,
  accountHeaders,
  accountIntakeReport,
  requireAccountCustomer,
} from '~/features/account/account.server';
import { ReportProblem } from '~/features/claims/report-problem';
import { orderToClaim } from '~/features/claims/claims.server';
import type { Route } from './+types/account-order';

/**
 * /account/orders/:id: one of the customer's orders (decision 038); another customer's, or
 * an unknown one, is the 404 page.
 */

export function meta({ matches, loaderData }: Route.MetaArgs) {
  const brand = matches[0]?.loaderData?.brand;
  return [
    { title: `Order ${loaderData?.order.order_no ?? ''} | ${brand?.name ?? ''}` },
    { name: 'robots', content: 'noindex' },
  ];
}

export async function loader({ context, params, request }: Route.LoaderArgs) {
  const { services } = context;
  const customer = await requireAccountCustomer(services, request);
  const view = await accountCustomerView(services, customer.id);
  const order = view.orders.find((o) => o.id === params.id);
  if (!order) throw data('Not found', { status: 404 });
  return {
    order,
    phone: services.config.brand.phone,
    intakeReport: await accountIntakeReport(services, customer.id, order.id),
    claims: await orderToClaim(services, customer.id, order.id),
  };
}

export { cancelOrderAction as action } from '~/features/account/cancel-order.server';

export function headers() {
  return accountHeaders;
}

export default function AccountOrder({ loaderData }: Route.ComponentProps) {
  const { order, phone, intakeReport, claims } = loaderData;
  return (
    <AccountFrame current="orders" title={`Order ${order.order_no}`}>
      <OrderDetail
        order={order}
        phone={phone}
        intakeReport={intakeReport}
        claims={<ReportProblem order={claims} phone={phone} />}
      />
    </AccountFrame>
  );
}
