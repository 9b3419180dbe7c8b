import { data, redirect } from 'react-router';
import { paymentPageOrder } from '~/server/orders.server';
import { paymentOrderView } from '~/server/orders.server';
import { formatPence } from '@shared/money';
import type { Route } from './+types/test-paypal';

/**
 * TEST MODE only: the embedded provider's stand-in for PayPal's approval page. As on PayPal,
 * the buyer approves or cancels, and is sent back to the payment page with the PayPal order
 * id as `token`. Plain HTML forms, so it works before (and without) hydration.
 */
async function testOrder(context: Route.LoaderArgs['context'], paypalOrderId: string) {
  const order = await context.services.payments.test?.payPalOrder(paypalOrderId);
  if (!order) throw data(null, { status: 404 });
  return order;
}

export async function loader({ context, params }: Route.LoaderArgs) {
  const paypal = await testOrder(context, params.paypalOrderId);
  const order = await paymentPageOrder(context.services, { orderId: paypal.orderId }).then(
    (row) => row && paymentOrderView(context.services.config.brand, row),
  );
  return {
    orderNo: order?.order_no ?? '',
    description: paypal.description,
    amount: formatPence(paypal.amountPence),
    open: paypal.status === 'CREATED',
  };
}

export async function action({ context, params, request }: Route.ActionArgs) {
  await testOrder(context, params.paypalOrderId);
  const form = await request.formData();
  const next = await context.services.payments.test!.approvePayPal(
    params.paypalOrderId,
    form.get('decision') === 'approve',
  );
  if (!next) return data({ error: 'This PayPal payment is already decided.' }, { status: 409 });
  return redirect(next, 303);
}

export function meta() {
  return [{ title: 'TEST MODE PayPal' }, { name: 'robots', content: 'noindex' }];
}

export default function TestPayPal({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <main id="main" className="bg-slate-50 px-4 py-12">
      <div className="card mx-auto max-w-md">
        <p className="inline-block rounded bg-amber-100 px-3 py-1 text-sm font-bold text-amber-900">
          TEST MODE: this page stands in for PayPal. No PayPal account is charged.
        </p>
        <h1 className="mt-4 text-2xl font-bold text-[#003087]">
          PayPal: approve £{loaderData.amount}
        </h1>
        <p className="mt-2 text-slate-700">
          {loaderData.description} (order <strong>{loaderData.orderNo}</strong>)
        </p>
        {loaderData.open ? (
          <form method="post" className="mt-6 flex flex-wrap gap-3">
            <button
              type="submit"
              name="decision"
              value="approve"
              className="rounded-md bg-[#ffc439] px-5 py-3 font-bold text-[#003087] shadow-sm"
            >
              Approve
            </button>
            <button type="submit" name="decision" value="cancel" className="btn-secondary">
              Cancel
            </button>
          </form>
        ) : (
          <p className="mt-6 text-slate-700">This PayPal payment is already decided.</p>
        )}
        {actionData?.error && (
          <p role="alert" className="field-error mt-4">
            {actionData.error}
          </p>
        )}
      </div>
    </main>
  );
}
