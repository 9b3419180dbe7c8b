import { minimumOrder } from '@shared/price-rules';
import { useRootData } from '~/utils/root-data';
import { seo } from '~/utils/seo';
import type { Route } from './+types/terms';
import type { PageHandle } from '~/components/site/chrome-rules';

/** The same for every visitor: the server may reuse its HTML (docs/decisions/011). */
/** The same for every visitor: rendered once per content change (server/http/page-cache.ts). */
// Nothing interactive: the page ships no JavaScript (docs/decisions/041).
export const handle: PageHandle = { sharedPage: true, hydrate: false };

export function meta({ matches }: Route.MetaArgs) {
  return seo(matches, {
    title: 'Terms and Conditions',
    description: 'Our terms: cancellations, prices, payment after cleaning and uncollected items.',
    path: '/terms',
  });
}

export default function Terms() {
  const brand = useRootData()!.brand;
  return (
    <main id="main" className="mx-auto max-w-3xl px-4 py-10">
      <h1 className="page-title">Terms and conditions</h1>
      <div className="rich-text mt-6">
        <h2>Orders and cancellations</h2>
        <p>
          You may cancel or amend an order up to 2 hours before the start of your collection window,
          from your account or by calling {brand.phone}.
        </p>
        <h2>Prices and payment</h2>
        <p>
          Prices include VAT. The minimum order is {minimumOrder}, with free collection and
          delivery. We price your items after collection and e-mail the invoice; payment is taken
          after cleaning and before delivery.
        </p>
        <h2>Uncollected items</h2>
        <p>
          Items that cannot be delivered and are not collected within 90 days may be disposed of
          after we have tried to contact you.
        </p>
        <h2>Your data</h2>
        <p>
          A copy of the personal data we hold about you is free of charge; for repeated or excessive
          requests we may charge a data access fee of £10.
        </p>
        <h2>Care of garments</h2>
        <p>
          We follow the care label. Please tell us about stains and delicate trims in your order
          notes; we will call you before treating anything at risk.
        </p>
      </div>
    </main>
  );
}
