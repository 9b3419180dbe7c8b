import { useEffect } from 'react';
import { Link } from 'react-router';
import { paymentPageView } from '~/features/payment/payment-order.server';
import { ResultPanel } from '~/components/result-panel';
import { paymentPageHref } from '~/features/payment/payment-links';
import { trackConversionOnce } from '~/utils/analytics';
import { seo } from '~/utils/seo';
import type { Route } from './+types/payment-complete';

/** The order's real state: the page says the payment is confirmed only when it is. */
export async function loader({ context, params, request }: Route.LoaderArgs) {
  const order = await paymentPageView(context.services, params.id);
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
