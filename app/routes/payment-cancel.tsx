import { ResultPanel } from '~/components/result-panel';
import { useRootData } from '~/root';
import { seo } from '~/utils/seo';
import type { Route } from './+types/payment-cancel';

export function meta({ matches }: Route.MetaArgs) {
  return seo(matches, {
    title: 'Payment not completed',
    description: 'The payment was not completed.',
    path: '/payment/cancel',
    noindex: true,
  });
}

/** Spec 2 'Result screens': the payment-error notice. */
export default function PaymentCancel() {
  const brand = useRootData()!.brand;
  return (
    <ResultPanel tone="error" title="Your payment was not completed">
      <p>
        Nothing has been charged. Please try again from your account, or call customer service on{' '}
        <a href={`tel:${brand.phoneE164}`} className="font-semibold text-brand underline">
          {brand.phone}
        </a>
        .
      </p>
    </ResultPanel>
  );
}
