import { Link } from 'react-router';
import { HowItWorksSteps } from '~/components/how-it-works-steps';
import { minimumOrder } from '@shared/price-rules';
import { useRootData } from '~/utils/root-data';
import { seo } from '~/utils/seo';
import type { Route } from './+types/how-it-works';
import type { PageHandle } from '~/components/site/chrome-rules';

/** The same for every visitor: the server may reuse its HTML (docs/decisions/011). */
/** The same for every visitor: rendered once per content change (server/http/page-cache.ts). */
export const handle: PageHandle = { sharedPage: true };

export function meta({ matches }: Route.MetaArgs) {
  return seo(matches, {
    title: 'How It Works',
    description:
      'Book a one-hour collection window online, we collect, clean in 24 to 48 hours and deliver. You pay after cleaning.',
    path: '/howitworks',
  });
}

export default function HowItWorks() {
  const brand = useRootData()!.brand;
  return (
    <main id="main" className="mx-auto max-w-7xl px-4 py-10">
      <h1 className="page-title">How it works</h1>
      <p className="mt-2 max-w-2xl text-slate-600">
        Dry cleaning without the trip to the shop, in four steps.
      </p>
      <HowItWorksSteps minimumOrder={minimumOrder} />
      <section className="mt-12 grid gap-6 md:grid-cols-3">
        <div className="card">
          <h2 className="text-lg font-semibold">Paying after cleaning</h2>
          <p className="mt-2 text-slate-600">
            At booking you save a card (nothing is taken) or make a 35p PayPal verification. We
            e-mail the invoice with a payment link before delivery. Minimum order {minimumOrder}.
          </p>
        </div>
        <div className="card">
          <h2 className="text-lg font-semibold">Changing your mind</h2>
          <p className="mt-2 text-slate-600">
            Cancel or change your order up to 2 hours before the collection window, from your
            account or by phone.
          </p>
        </div>
        <div className="card">
          <h2 className="text-lg font-semibold">In a hurry?</h2>
          <p className="mt-2 text-slate-600">
            Same-day service is arranged by phone: call{' '}
            <a href={`tel:${brand.phoneE164}`} className="font-semibold text-brand underline">
              {brand.phone}
            </a>
            .
          </p>
        </div>
      </section>
      <Link to="/#order" className="btn-primary mt-10">
        Book a collection
      </Link>
    </main>
  );
}
