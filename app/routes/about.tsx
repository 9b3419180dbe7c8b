import { Link } from 'react-router';
import { useRootData } from '~/utils/root-data';
import { seo } from '~/utils/seo';
import type { Route } from './+types/about';
import type { PageHandle } from '~/components/site/chrome-rules';

/** The same for every visitor: the server may reuse its HTML (docs/decisions/011). */
/** The same for every visitor: rendered once per content change (server/http/page-cache.ts). */
// Nothing interactive: the page ships no JavaScript (docs/decisions/041).
export const handle: PageHandle = { sharedPage: true, hydrate: false };

export function meta({ matches }: Route.MetaArgs) {
  return seo(matches, {
    title: 'About Us',
    description:
      'A family dry cleaning business established in Maida Vale in 1997, with five London branches and free collection and delivery.',
    path: '/aboutus',
  });
}

export default function About() {
  const brand = useRootData()!.brand;
  return (
    <main id="main" className="mx-auto max-w-4xl px-4 py-10">
      <h1 className="page-title">About us</h1>
      <div className="rich-text mt-6 text-lg">
        <p>
          {brand.name} was established in {brand.establishedYear} as a single shop in Maida Vale.
          More than 25 years later we are still a family business, with five branches, our own
          workshop and vans that collect and deliver across London.
        </p>
        <p>
          We were named {brand.awardClaim.replace(/^Winner, /, '')}, and we would like to earn it
          again with every order: clothes checked by hand, stains treated before cleaning, and
          everything returned on time.
        </p>
      </div>
      <ul className="mt-8 grid gap-4 sm:grid-cols-2">
        {[
          '100% Customer Satisfaction',
          'Free Collection & Delivery',
          'Affordable Prices',
          'Best Quality',
        ].map((item) => (
          <li key={item} className="card flex items-center gap-3 font-semibold text-slate-900">
            <span aria-hidden="true" className="text-2xl text-accent">
              ✓
            </span>
            {item}
          </li>
        ))}
      </ul>
      <Link to="/#order" className="btn-primary mt-10">
        Book a collection
      </Link>
    </main>
  );
}
