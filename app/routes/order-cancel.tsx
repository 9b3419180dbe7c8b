import { data } from 'react-router';
import { paymentPageOrder } from '@server/use-cases/payments/payment-steps';
import { ResultPanel } from '~/components/result-panel';
import { useRootData } from '~/root';
import { seo } from '~/utils/seo';
import type { Route } from './+types/order-cancel';

export async function loader({ context, params }: Route.LoaderArgs) {
  if (!/^[0-9a-f-]{36}$/i.test(params.id)) throw data(null, { status: 404 });
  const order = await paymentPageOrder(context.services.db, params.id);
  if (!order) throw data(null, { status: 404 });
  return { orderNo: order.order_no };
}

export function meta({ matches }: Route.MetaArgs) {
  return seo(matches, {
    title: 'Payment error',
    description: 'The payment did not go through.',
    path: '/order/cancel',
    noindex: true,
  });
}

/** Spec 2 'Result screens': the payment-error panel. */
export default function OrderCancel({ loaderData }: Route.ComponentProps) {
  const brand = useRootData()!.brand;
  return (
    <ResultPanel tone="error" title="Sorry / payment Error">
      <p>
        The payment for order <strong>{loaderData.orderNo}</strong> did not go through. Please call
        our customer service on{' '}
        <a href={`tel:${brand.phoneE164}`} className="font-semibold text-brand underline">
          {brand.phone}
        </a>{' '}
        to complete your order.
      </p>
    </ResultPanel>
  );
}
