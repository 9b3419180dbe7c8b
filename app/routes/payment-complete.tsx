import { useEffect } from 'react';
import { data } from 'react-router';
import { paymentPageOrder } from '@server/use-cases/payments/payment-steps';
import { ResultPanel } from '~/components/result-panel';
import { trackConversionOnce } from '~/utils/analytics';
import { seo } from '~/utils/seo';
import type { Route } from './+types/payment-complete';

export async function loader({ context, params }: Route.LoaderArgs) {
  if (!/^[0-9a-f-]{36}$/i.test(params.id)) throw data(null, { status: 404 });
  const order = await paymentPageOrder(context.services.db, params.id);
  if (!order) throw data(null, { status: 404 });
  return { id: order.id, orderNo: order.order_no };
}

export function meta({ matches }: Route.MetaArgs) {
  return seo(matches, {
    title: 'Payment confirmed',
    description: 'Your payment is confirmed.',
    path: '/payment/complete',
    noindex: true,
  });
}

export default function PaymentComplete({ loaderData }: Route.ComponentProps) {
  useEffect(() => {
    trackConversionOnce(loaderData.id);
  }, [loaderData.id]);
  return (
    <ResultPanel tone="success" title="Your Payment is confirmed!">
      <p>
        Thank you. Order {loaderData.orderNo} is paid; we will deliver it in your chosen window.
      </p>
    </ResultPanel>
  );
}
