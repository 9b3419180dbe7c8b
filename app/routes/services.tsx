import { Link } from 'react-router';
import { listServicePages, priceList } from '~/server/catalogue.server';
import { seo } from '~/utils/seo';
import type { Route } from './+types/services';
import type { PageHandle } from '~/components/site/chrome-rules';

export async function loader({ context }: Route.LoaderArgs) {
  const [pages, categories] = await Promise.all([
    listServicePages(context.services.content),
    priceList(context.services.content),
  ]);
  return {
    pages: pages.map((p) => ({
      code: p.code,
      name: p.name,
      meta: p.page_meta,
      banner: p.bannermobileimage,
    })),
    categories: categories.map((c) => ({
      name: c.name,
      code: c.code,
      image: c.image,
      count: c.services.length,
    })),
  };
}

/** The same for every visitor: the server may reuse its HTML (docs/decisions/011). */
/** The same for every visitor: rendered once per content change (server/http/page-cache.ts). */
export const handle: PageHandle = { sharedPage: true };

export function meta({ matches }: Route.MetaArgs) {
  return seo(matches, {
    title: 'Our Services: Dry Cleaning, Laundry, Alterations',
    description:
      'Dry cleaning, laundry, shirts, curtains, duvets, wedding dresses and alterations, with free collection and delivery across London.',
    path: '/services',
  });
}

export default function Services({ loaderData }: Route.ComponentProps) {
  return (
    <main id="main" className="mx-auto max-w-7xl px-4 py-10">
      <h1 className="page-title">Our services</h1>
      <p className="mt-2 max-w-2xl text-slate-600">
        Everything your wardrobe and home need, collected from your door and returned cleaned and
        pressed.
      </p>
      <ul className="mt-8 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
        {loaderData.pages.map((p) => (
          <li
            key={p.code}
            className="overflow-hidden rounded-xl border border-slate-200 bg-white shadow-sm"
          >
            <img
              src={p.banner}
              alt=""
              width="600"
              height="400"
              loading="lazy"
              className="aspect-[3/2] w-full object-cover"
            />
            <div className="p-5">
              <h2 className="text-lg font-semibold">
                <Link to={`/${p.code}`} className="hover:text-brand">
                  {p.name}
                </Link>
              </h2>
              <p className="mt-2 text-sm text-slate-600">{p.meta}</p>
              <Link
                to={`/${p.code}`}
                className="mt-3 inline-block font-semibold text-brand underline"
              >
                More about {p.name.toLowerCase()}
              </Link>
            </div>
          </li>
        ))}
      </ul>
      <h2 className="section-title mt-14">Price lists</h2>
      <ul className="mt-6 flex flex-wrap gap-3">
        {loaderData.categories.map((c) => (
          <li key={c.code}>
            <Link to={`/pricing/${c.code}`} className="btn-secondary py-2 text-sm">
              {c.name} ({c.count})
            </Link>
          </li>
        ))}
      </ul>
    </main>
  );
}
