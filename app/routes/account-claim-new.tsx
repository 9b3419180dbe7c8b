import { Link } from 'react-router';
import { AccountFrame } from '~/features/account/account-frame';
import { accountHeaders, requireAccountCustomer } from '~/features/account/account.server';
import { ClaimForm } from '~/features/claims/claim-form';
import { claimFormAction } from '~/features/claims/claim-form.server';
import { WindowClosed } from '~/features/claims/report-problem';
import { orderToClaim } from '~/features/claims/claims.server';
import type { Route } from './+types/account-claim-new';

/**
 * /account/orders/:id/claim: report a problem with garments of one of the customer's orders
 * (issue 34, decision 063 "Pages"). Within a window the claim form; outside every window, when
 * the last one closed. Another customer's order, or an unknown one, is the 404 page.
 */

export function meta({ matches, loaderData }: Route.MetaArgs) {
  const brand = matches[0]?.loaderData?.brand;
  return [
    { title: `Report a problem: order ${loaderData?.order.order_no ?? ''} | ${brand?.name ?? ''}` },
    { name: 'robots', content: 'noindex' },
  ];
}

export async function loader({ context, params, request }: Route.LoaderArgs) {
  const { services } = context;
  const customer = await requireAccountCustomer(services, request);
  return { order: await orderToClaim(services, customer.id, params.id) };
}

export async function action({ context, params, request }: Route.ActionArgs) {
  const { services } = context;
  const customer = await requireAccountCustomer(services, request);
  return claimFormAction(services, { request, customerId: customer.id, orderId: params.id });
}

export function headers() {
  return accountHeaders;
}

export default function AccountClaimNew({ loaderData, actionData }: Route.ComponentProps) {
  const { order } = loaderData;
  const failure = actionData ? { ...actionData.errors, values: actionData.values } : null;
  return (
    <AccountFrame
      current="orders"
      title={`Report a problem with order ${order.order_no}`}
      intro="Tell us what is wrong with each garment: we look at our own records of it too."
    >
      <div className="space-y-6">
        <Link
          to={`/account/orders/${order.order_id}`}
          className="inline-block text-sm font-medium text-brand underline"
        >
          ← Back to the order
        </Link>
        {order.open && order.garments.length > 0 ? (
          <ClaimForm order={order} failure={failure} />
        ) : order.garments.length === 0 ? (
          <p className="rounded-md bg-slate-50 p-4 text-slate-700">
            We have not recorded the garments of this order yet, so there is nothing to claim on.
          </p>
        ) : (
          <WindowClosed order={order} />
        )}
      </div>
    </AccountFrame>
  );
}
