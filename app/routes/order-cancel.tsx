import { Link, redirect } from 'react-router';
import { paymentPageView } from '~/features/payment/payment-order.server';
import { ResultPanel } from '~/components/result-panel';
import {
  PAYMENT_STEP_DONE,
  paymentPageHref,
  withPaymentToken,
} from '~/features/payment/payment-links';
import { useRootData } from '~/utils/root-data';
import { seo } from '~/utils/seo';
import type { Route } from './+types/order-cancel';

export async function loader({ context, params, request }: Route.LoaderArgs) {
  const order = await paymentPageView(context.services, params.id);
  const token = new URL(request.url).searchParams.get('t');
  // The payment step went through after all (approved in another tab): say so, not "error".
  if (PAYMENT_STEP_DONE.has(order.payment_state)) {
    throw redirect(withPaymentToken(`/order/complete/${order.id}`, token));
  }
  return { id: order.id, orderNo: order.order_no, token };
}

export function meta({ matches }: Route.MetaArgs) {
  return seo(matches, {
    title: 'Payment error',
    description: 'The payment did not go through.',
    path: '/order/cancel',
    noindex: true,
  });
}

/** Spec 2 'Result screens': the payment-error panel, with a way back to try again. */
export default function OrderCancel({ loaderData }: Route.ComponentProps) {
  const brand = useRootData()!.brand;
  const { id, orderNo, token } = loaderData;
  return (
    <ResultPanel tone="error" title="Sorry / payment Error">
      <p>
        The payment for order <strong>{orderNo}</strong> did not go through. Please call our
        customer service on{' '}
        <a href={`tel:${brand.phoneE164}`} className="font-semibold text-brand underline">
          {brand.phone}
        </a>{' '}
        to complete your order, or try again.
      </p>
      <Link to={paymentPageHref(id, token)} className="btn-secondary mt-4">
        Try again
      </Link>
    </ResultPanel>
  );
}
