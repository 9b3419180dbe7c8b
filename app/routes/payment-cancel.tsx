import { Link, redirect } from 'react-router';
import { paymentPageView } from '~/features/payment/payment-order.server';
import { ResultPanel } from '~/components/result-panel';
import { paymentPageHref, withPaymentToken } from '~/features/payment/payment-links';
import { useRootData } from '~/utils/root-data';
import { seo } from '~/utils/seo';
import type { Route } from './+types/payment-cancel';

export async function loader({ context, params, request }: Route.LoaderArgs) {
  const order = await paymentPageView(context.services, params.id);
  const token = new URL(request.url).searchParams.get('t');
  if (order.payment_state === 'paid') {
    throw redirect(withPaymentToken(`/payment/complete/${order.id}`, token));
  }
  return { id: order.id, orderNo: order.order_no, token };
}

export function meta({ matches }: Route.MetaArgs) {
  return seo(matches, {
    title: 'Payment not completed',
    description: 'The payment was not completed.',
    path: '/payment/cancel',
    noindex: true,
  });
}

/** Spec 2 'Result screens': the payment-error notice, with a way back to try again. */
export default function PaymentCancel({ loaderData }: Route.ComponentProps) {
  const brand = useRootData()!.brand;
  const { id, orderNo, token } = loaderData;
  return (
    <ResultPanel tone="error" title="Your payment was not completed">
      <p>
        Nothing has been charged for order <strong>{orderNo}</strong>. Please try again, or call
        customer service on{' '}
        <a href={`tel:${brand.phoneE164}`} className="font-semibold text-brand underline">
          {brand.phone}
        </a>
        .
      </p>
      <Link to={paymentPageHref(id, token)} className="btn-secondary mt-4">
        Try again
      </Link>
    </ResultPanel>
  );
}
