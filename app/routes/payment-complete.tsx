import { useEffect } from 'react';
import { data, Link } from 'react-router';
import { paymentPageOrder } from '~/server/orders.server';
import { paymentOrderView } from '~/server/orders.server';
import { ResultPanel } from '~/components/result-panel';
import { paymentPageHref } from '~/features/payment/payment-links';
import { trackConversionOnce } from '~/utils/analytics';
import { seo } from '~/utils/seo';
import type { Route } from './+types/payment-complete';

/** The order's real state: the page says the payment is confirmed only when it is. */
export async function loader({ context, params, request }: Route.LoaderArgs) {
  if (!/^[0-9a-f-]{36}$/i.test(params.id)) throw data(null, { status: 404 });
  const order = await paymentPageOrder(context.services, { orderId: params.id }).then(
    (row) => row && paymentOrderView(context.services.config.brand, row),
  );
  if (!order) throw data(null, { status: 404 });
  return {
    id: order.id,
    orderNo: order.order_no,
    paid: order.payment_state === 'paid',
    amountDue: order.amount_due,
    token: new URL(request.url).searchParams.get('t'),
  };
}

export function meta({ matches, loaderData }: Route.MetaArgs) {
  return seo(matches, {
    title: loaderData?.paid === false ? 'Payment not confirmed yet' : 'Payment confirmed',
    description: 'The state of your payment.',
    path: '/payment/complete',
    noindex: true,
  });
}

export default function PaymentComplete({ loaderData }: Route.ComponentProps) {
  const { id, orderNo, paid, amountDue, token } = loaderData;
  useEffect(() => {
    if (paid) trackConversionOnce(id);
  }, [id, paid]);
  if (!paid) {
    return (
      <ResultPanel tone="error" title="Your payment is not confirmed yet">
        <p>
          We have not received a payment for order <strong>{orderNo}</strong>: £{amountDue} is still
          due. Nothing more has been charged.
        </p>
        <Link to={paymentPageHref(id, token)} className="btn-secondary mt-4">
          Go to the payment page
        </Link>
      </ResultPanel>
    );
  }
  return (
    <ResultPanel tone="success" title="Your Payment is confirmed!">
      <p>Thank you. Order {orderNo} is paid; we will deliver it in your chosen window.</p>
    </ResultPanel>
  );
}
