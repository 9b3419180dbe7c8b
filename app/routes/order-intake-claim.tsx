import { Link } from 'react-router';
import { ClaimForm } from '~/features/claims/claim-form';
import { claimFormAction } from '~/features/claims/claim-form.server';
import { orderPagePath } from '~/features/claims/claim-paths';
import { WindowClosed } from '~/features/claims/report-problem';
import { claimCustomerByLink, orderToClaim } from '~/features/claims/claims.server';
import { useRootData } from '~/utils/root-data';
import { currentCustomerId } from '~/utils/linked-page.server';
import type { Route } from './+types/order-intake-claim';

/**
 * /order/intake/:id/claim?t=…: the claim form for the holder of the order's intake report link
 * (issue 34, decision 063 "Pages"): a guest or a counter customer with no session acts as the
 * order's customer, as the API's `t` does. The same form and action as the account's; the
 * link travels on the form's address and on the claim's page it leads to.
 */

export function meta({ matches, loaderData }: Route.MetaArgs) {
  const brand = matches[0]?.loaderData?.brand;
  return [
    { title: `Report a problem: order ${loaderData?.order.order_no ?? ''} | ${brand?.name ?? ''}` },
    { name: 'robots', content: 'noindex' },
  ];
}

async function caller(context: Route.LoaderArgs['context'], request: Request, url: URL) {
  const token = url.searchParams.get('t');
  return { token, customerId: await currentCustomerId(context.services, request) };
}

export async function loader({ context, params, request, url }: Route.LoaderArgs) {
  const { services } = context;
  const visitor = await caller(context, request, url);
  const customerId = await claimCustomerByLink(services, visitor, params.id);
  return {
    order: await orderToClaim(services, customerId, params.id),
    token: visitor.token,
  };
}

export async function action({ context, params, request, url }: Route.ActionArgs) {
  const { services } = context;
  const visitor = await caller(context, request, url);
  const customerId = await claimCustomerByLink(services, visitor, params.id);
  return claimFormAction(services, {
    request,
    customerId,
    orderId: params.id,
    token: visitor.token,
  });
}

export function headers() {
  return { 'Cache-Control': 'private, no-store', 'Referrer-Policy': 'no-referrer' };
}

export default function OrderIntakeClaim({ loaderData, actionData }: Route.ComponentProps) {
  const { order, token } = loaderData;
  const phone = useRootData()!.brand.phone;
  const failure = actionData ? { ...actionData.errors, values: actionData.values } : null;
  return (
    <main id="main" className="bg-slate-50 px-4 py-8 sm:py-12">
      <div className="mx-auto max-w-2xl space-y-6">
        <div className="card">
          <p className="text-sm font-medium text-slate-500">Order {order.order_no}</p>
          <h1 className="page-title mt-1">Report a problem</h1>
          <p className="mt-2 text-slate-700">
            Tell us what is wrong with each garment: we look at our own records of it too.
          </p>
        </div>
        <div className="card space-y-6">
          <Link
            to={orderPagePath({ orderId: order.order_id, token })}
            className="inline-block text-sm font-medium text-brand underline"
          >
            ← Back to the intake report
          </Link>
          {order.open && order.garments.length > 0 ? (
            <ClaimForm order={order} failure={failure} />
          ) : order.garments.length === 0 ? (
            <p className="rounded-md bg-slate-50 p-4 text-slate-700">
              We have not recorded the garments of this order yet, so there is nothing to claim on.
            </p>
          ) : (
            <WindowClosed order={order} phone={phone} />
          )}
        </div>
      </div>
    </main>
  );
}
