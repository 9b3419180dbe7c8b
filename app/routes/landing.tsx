import { data, Link } from 'react-router';
import { findArea, findServicePage } from '~/server/catalogue.server';
import { listPickupSlots } from '~/server/catalogue.server';
import { Hero } from '~/components/hero';
import { BookingForm } from '~/features/booking/booking-form';
import { HowItWorksSteps } from '~/components/how-it-works-steps';
import { NotFoundPanel } from '~/components/not-found-panel';
import { useRootData } from '~/utils/root-data';
import { seo } from '~/utils/seo';
import { londonIsoDate } from '@shared/london-time';
import { minimumOrder } from '@shared/price-rules';
import type { PageHandle } from '~/components/site/chrome-rules';
import type { Route } from './+types/landing';

/** /{id}: a service landing page, else an area page, else not found (spec 2). */
export async function loader({ context, params }: Route.LoaderArgs) {
  const code = params.id.toLowerCase();
  if (!/^[a-z0-9-]{1,100}$/.test(code)) throw data(null, { status: 404 });
  // Both looked up at once: from memory, under one content-version check.
  const [service, area, pickups] = await Promise.all([
    findServicePage(context.services.content, code),
    findArea(context.services.content, code),
    // Full windows too, shown as full by the slot picker (decision 048).
    listPickupSlots(context.services, { includeFull: true }),
  ]);
  const page = service ?? area;
  // The picker names "Today" from the loader's day, so the HTML and hydration agree.
  const today = londonIsoDate(context.services.now());
  if (page) return { page, pickups, minimumOrder, today };
  throw data(null, { status: 404 });
}

/**
 * The page shows the booking form: no Order Now button (chrome-rules.ts). It works before
 * hydration, so its scripts wait for its first paint (docs/decisions/033).
 */
export const handle: PageHandle = {
  sharedPage: true,
  bookingForm: true,
  scriptsAfterFirstPaint: true,
};

/** The same for every visitor: the server may reuse its HTML (docs/decisions/011). */

export function meta({ matches, loaderData }: Route.MetaArgs) {
  if (!loaderData) return [{ title: 'Page not found' }, { name: 'robots', content: 'noindex' }];
  const page = loaderData.page;
  return seo(matches, {
    title: page.page_title,
    description: page.page_meta,
    path: `/${page.type === 'service' ? page.code : page.area_code}`,
  });
}

export default function Landing({ loaderData }: Route.ComponentProps) {
  const page = loaderData.page;
  const brand = useRootData()!.brand;
  const bookingForm = (heading?: string) => (
    <BookingForm
      heading={heading}
      phone={brand.phone}
      phoneE164={brand.phoneE164}
      phoneDisplay={brand.phoneDisplay}
      pickups={loaderData.pickups}
      today={loaderData.today}
    />
  );
  if (page.type === 'service') {
    return (
      <main id="main">
        <Hero brand={brand} heading={page.name} intro={page.page_meta} banner={page.bannerimage}>
          {bookingForm()}
        </Hero>
        <section className="mx-auto max-w-4xl px-4 py-12">
          <div className="rich-text text-lg" dangerouslySetInnerHTML={{ __html: page.details }} />
          <Link to="/pricing" className="btn-secondary mt-8">
            See our prices
          </Link>
        </section>
        <section aria-labelledby="how" className="bg-brand/5">
          <div className="mx-auto max-w-7xl px-4 py-12">
            <h2 id="how" className="section-title text-center">
              How it works
            </h2>
            <HowItWorksSteps minimumOrder={loaderData.minimumOrder} />
          </div>
        </section>
      </main>
    );
  }
  return (
    <main id="main">
      <Hero
        brand={brand}
        heading={page.home_page_heading}
        intro={`Free collection and delivery in ${page.name} (${page.outward_code}), cleaned in 24 to 48 hours.`}
      >
        {bookingForm(`Book a collection in ${page.name}`)}
      </Hero>
      <section className="mx-auto max-w-4xl px-4 py-12">
        <h2 className="section-title">Dry cleaning in {page.name}</h2>
        <div
          className="rich-text mt-4 text-lg"
          dangerouslySetInnerHTML={{ __html: page.about_area }}
        />
        <Link to="/areas" className="btn-secondary mt-8">
          All areas we cover
        </Link>
      </section>
    </main>
  );
}

export function ErrorBoundary() {
  return <NotFoundPanel />;
}
