import { Link } from 'react-router';
import { BookingForm } from '~/features/booking/booking-form';
import { listBranches, priceList } from '~/server/catalogue.server';
import { listPickupSlots } from '~/server/catalogue.server';
import { publicReviews } from '~/server/reviews.server';
import { londonIsoDate } from '@shared/london-time';
import { minimumOrder } from '@shared/price-rules';
import { stars } from '@shared/reviews';
import { Hero } from '~/components/hero';
import { HowItWorksSteps } from '~/components/how-it-works-steps';
import { useRootData } from '~/utils/root-data';
import { usePageVisit } from '~/utils/page-visit';
import { seo } from '~/utils/seo';
import type { PageHandle } from '~/components/site/chrome-rules';
import type { Route } from './+types/home';

/**
 * The home page is the same for every visitor (decision 042): nothing personal is read here.
 * A signed-in customer's address book and "book again" are asked for by the booking form in
 * the browser (features/booking/booking-choices.ts); without JavaScript the checkout offers them.
 */
export async function loader({ context }: Route.LoaderArgs) {
  const { services } = context;
  const [categories, branches, pickups, reviews] = await Promise.all([
    priceList(services.content),
    listBranches(services.content),
    // The slot picker's windows before hydration and without JavaScript, full ones shown as
    // full (decision 048); with JavaScript the form loads fresh ones. The kept page is
    // rendered again whenever slot usage changes (decision 042).
    listPickupSlots(services, { includeFull: true }),
    // Issue 18: the real reviews, kept with the content (a review raises its version).
    publicReviews(services.content),
  ]);
  const brand = services.config.brand;
  // schema.org for local search: the business and each branch with address and hours.
  const jsonLd = {
    '@context': 'https://schema.org',
    '@type': 'DryCleaningOrLaundry',
    name: brand.name,
    url: services.config.publicUrl,
    telephone: brand.phone,
    email: brand.email,
    foundingDate: String(brand.establishedYear),
    priceRange: '££',
    areaServed: 'London',
    // Only with real reviews behind it (decision 038).
    ...(reviews.average
      ? {
          aggregateRating: {
            '@type': 'AggregateRating',
            ratingValue: reviews.average,
            reviewCount: reviews.count,
            bestRating: 5,
            worstRating: 1,
          },
        }
      : {}),
    address: {
      '@type': 'PostalAddress',
      streetAddress: brand.headOffice.line1,
      addressLocality: brand.headOffice.town,
      postalCode: brand.headOffice.postcode,
      addressCountry: 'GB',
    },
    department: branches.map((b) => ({
      '@type': 'DryCleaningOrLaundry',
      name: `${brand.name}, ${b.name}`,
      telephone: b.phone,
      address: {
        '@type': 'PostalAddress',
        streetAddress: b.address[0],
        addressLocality: 'London',
        postalCode: b.postcode,
        addressCountry: 'GB',
      },
      geo: { '@type': 'GeoCoordinates', latitude: b.latitude, longitude: b.longitude },
      openingHours: b.schema_opening_hours,
    })),
  };
  const page = {
    minimumOrder,
    specialities: categories.slice(0, 8).map((c) => ({
      name: c.name,
      code: c.code,
      image: c.image,
      from: c.services.find((s) => s.price !== '0.00')?.price,
    })),
    jsonLd,
    pickups,
    // The picker names "Today" from the loader's day, so the HTML and hydration agree.
    today: londonIsoDate(services.now()),
    reviews: {
      average: reviews.average,
      count: reviews.count,
      latest: reviews.latest.map((r) => ({
        id: r.id,
        rating: r.rating,
        body: r.body,
        name: r.name,
        reply: r.reply,
      })),
    },
  };
  return page;
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

export function meta({ matches }: Route.MetaArgs) {
  return seo(matches, {
    title: 'Dry Cleaners in London with Free Collection & Delivery',
    description:
      'Family-run London dry cleaning and laundry since 1997. Book a one-hour collection window online, free collection and delivery, cleaned in 24 to 48 hours, pay after cleaning.',
    path: '/',
  });
}

const clients = [
  'The Langham',
  'Lord’s Cricket Ground',
  'Chiltern Firehouse',
  'Clarence House Dental',
  'Paddington Works',
  'Hotel Indigo',
];

type HomeReviews = Route.ComponentProps['loaderData']['reviews'];

/** The customers' own reviews of delivered orders: the average, the count, the latest. */
function Reviews({ reviews }: { reviews: HomeReviews }) {
  return (
    <section aria-labelledby="reviews" className="bg-slate-50">
      <div className="mx-auto max-w-7xl px-4 py-14">
        <h2 id="reviews" className="section-title text-center">
          What our customers say
        </h2>
        <p className="mt-2 text-center text-slate-600" data-testid="review-average">
          <span aria-hidden="true" className="text-amber-800">
            {stars(Number(reviews.average))}
          </span>{' '}
          {reviews.average} out of 5 from {reviews.count} review{reviews.count === 1 ? '' : 's'}
        </p>
        <ul className="mt-8 grid gap-6 md:grid-cols-3">
          {reviews.latest.map((r) => (
            <li key={r.id} className="card">
              <p className="text-amber-800" aria-label={`${r.rating} out of 5 stars`}>
                {stars(r.rating)}
              </p>
              <blockquote className="mt-2 text-slate-700">“{r.body}”</blockquote>
              <p className="mt-4 text-sm font-semibold text-slate-900">{r.name}</p>
              {r.reply ? (
                <p className="mt-3 border-l-4 border-brand/40 pl-3 text-sm text-slate-600">
                  <span className="font-semibold text-slate-800">Our reply: </span>
                  {r.reply}
                </p>
              ) : null}
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}

export default function Home({ loaderData }: Route.ComponentProps) {
  const root = useRootData();
  usePageVisit('home');
  const brand = root!.brand;
  return (
    <main id="main">
      <script
        type="application/ld+json"
        // JSON-LD is data, not script: serialised with < escaped so it cannot close the tag.
        dangerouslySetInnerHTML={{
          __html: JSON.stringify(loaderData.jsonLd).replace(/</g, '\\u003c'),
        }}
      />
      <Hero
        brand={brand}
        heading="London Dry Cleaners with Free Collection & Delivery"
        intro={`${brand.name} collects your dry cleaning and laundry at a time that suits you and brings it back cleaned and pressed. Family-run for over 25 years.`}
      >
        <BookingForm
          phone={brand.phone}
          phoneE164={brand.phoneE164}
          phoneDisplay={brand.phoneDisplay}
          pickups={loaderData.pickups}
          today={loaderData.today}
          choicesInBrowser
        />
      </Hero>

      {loaderData.reviews.count > 0 ? <Reviews reviews={loaderData.reviews} /> : null}

      <section aria-labelledby="clients" className="mx-auto max-w-7xl px-4 py-12">
        <h2
          id="clients"
          className="text-center text-sm font-semibold tracking-widest text-slate-500 uppercase"
        >
          Trusted by London businesses
        </h2>
        <ul className="mt-6 flex flex-wrap justify-center gap-3">
          {clients.map((c) => (
            <li
              key={c}
              className="rounded-full border border-slate-200 px-4 py-2 text-sm font-semibold text-slate-600"
            >
              {c}
            </li>
          ))}
        </ul>
      </section>

      <section aria-labelledby="how" className="bg-brand/5">
        <div className="mx-auto max-w-7xl px-4 py-14">
          <h2 id="how" className="section-title text-center">
            How we work
          </h2>
          <HowItWorksSteps minimumOrder={loaderData.minimumOrder} />
        </div>
      </section>

      <section aria-labelledby="specialities" className="mx-auto max-w-7xl px-4 py-14">
        <div className="flex flex-wrap items-end justify-between gap-4">
          <h2 id="specialities" className="section-title">
            Our specialities
          </h2>
          <Link to="/pricing" className="font-semibold text-brand underline">
            See all prices
          </Link>
        </div>
        <ul className="mt-8 grid grid-cols-2 gap-4 md:grid-cols-4">
          {loaderData.specialities.map((c) => (
            <li key={c.code}>
              <Link
                to={`/pricing/${c.code}`}
                className="group block overflow-hidden rounded-xl border border-slate-200 bg-white shadow-sm transition hover:shadow-md"
              >
                <img
                  src={c.image}
                  alt=""
                  width="300"
                  height="260"
                  loading="lazy"
                  className="aspect-[30/26] w-full"
                />
                <span className="block p-3">
                  <span className="block font-semibold text-slate-900 group-hover:text-brand">
                    {c.name}
                  </span>
                  {c.from && <span className="text-sm text-slate-600">from £{c.from}</span>}
                </span>
              </Link>
            </li>
          ))}
        </ul>
      </section>

      <section aria-labelledby="about" className="bg-slate-50">
        <div className="mx-auto grid max-w-7xl gap-8 px-4 py-14 md:grid-cols-2">
          <div>
            <h2 id="about" className="section-title">
              A family dry cleaner since {brand.establishedYear}
            </h2>
            <p className="mt-4 leading-relaxed text-slate-700">
              We opened our first shop in Maida Vale in {brand.establishedYear}. Today five branches
              and our own vans serve most of central, west and north London, and every garment is
              still checked, cleaned and finished by people who care about clothes.
            </p>
            <p className="mt-3 leading-relaxed text-slate-700">
              Same-day service? Call us on{' '}
              <a href={`tel:${brand.phoneE164}`} className="font-semibold text-brand underline">
                {brand.phone}
              </a>
              .
            </p>
            <Link to="/aboutus" className="btn-secondary mt-6">
              About us
            </Link>
          </div>
          <ul className="grid grid-cols-2 gap-4">
            {[
              ['25+', 'years of experience'],
              ['5', 'London branches'],
              ['24–48 h', 'turnaround'],
              ['£0', 'collection & delivery'],
            ].map(([figure, label]) => (
              <li key={label} className="card text-center">
                <span className="block text-3xl font-bold text-brand">{figure}</span>
                <span className="text-sm text-slate-600">{label}</span>
              </li>
            ))}
          </ul>
        </div>
      </section>
    </main>
  );
}
