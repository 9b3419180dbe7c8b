import { useEffect, useMemo, useRef, useState } from 'react';
import { data, Link } from 'react-router';
import { minimumOrder } from '@shared/price-rules';
import { priceList } from '~/server/catalogue.server';
import { usePageVisit } from '~/utils/page-visit';
import { FinalPriceRules } from '~/components/final-price-rules';
import { seo } from '~/utils/seo';
import type { Route } from './+types/pricing';
import type { PageHandle } from '~/components/site/chrome-rules';

export async function loader({ context, params }: Route.LoaderArgs) {
  const categories = await priceList(context.services.content);
  const code = params.code?.toLowerCase();
  const selected = code
    ? categories.find((c) => c.category_code.toLowerCase().split('|').includes(code))
    : categories[0];
  if (!selected) throw data(null, { status: 404 });
  return { categories, selectedCode: selected.code };
}

/** The same for every visitor: the server may reuse its HTML (docs/decisions/011). */

/**
 * The prices are plain HTML and links: the page's scripts can wait for its first paint
 * (docs/decisions/033, 040). Only the search by service needs them.
 */
export const handle: PageHandle = { sharedPage: true, scriptsAfterFirstPaint: true };

export function meta({ matches, loaderData, params }: Route.MetaArgs) {
  const selected = loaderData?.categories.find((c) => c.code === loaderData.selectedCode);
  return seo(matches, {
    title: params.code && selected ? `${selected.name} Prices` : 'Dry Cleaning & Laundry Prices',
    description: selected
      ? `${selected.name} prices in London including VAT, from £${selected.services.find((s) => s.price !== '0.00')?.price ?? '0.00'}. Free collection and delivery on orders over ${minimumOrder}.`
      : 'Our London dry cleaning and laundry prices, including VAT.',
    path: params.code ? `/pricing/${params.code}` : '/pricing',
  });
}

function Price({ price }: { price: string }) {
  return price === '0.00' ? (
    <span className="font-semibold text-accent">Call for price</span>
  ) : (
    <span className="font-semibold text-slate-900">£{price}</span>
  );
}

export default function Pricing({ loaderData }: Route.ComponentProps) {
  usePageVisit('price');
  const { categories, selectedCode } = loaderData;
  const selected = categories.find((c) => c.code === selectedCode)!;
  const [search, setSearch] = useState('');
  const dialog = useRef<HTMLDialogElement>(null);
  // The search is a dialog run by the page's scripts: its button waits for them (greyed).
  const [searchReady, setSearchReady] = useState(false);
  useEffect(() => setSearchReady(true), []);
  const matches = useMemo(() => {
    const q = search.trim().toLowerCase();
    if (!q) return [];
    return categories.flatMap((c) =>
      c.services
        .filter((s) => s.service_name.toLowerCase().includes(q))
        .map((s) => ({ ...s, category: c.name, code: c.code })),
    );
  }, [search, categories]);

  return (
    <main id="main" className="mx-auto max-w-7xl px-4 py-10">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 className="page-title">Prices</h1>
          <p className="mt-2 text-slate-600">
            All prices include VAT. Free collection and delivery; minimum order {minimumOrder}.
          </p>
        </div>
        <button
          type="button"
          // No fade when it turns on at hydration: an accessibility check mid-fade saw half the contrast.
          className="btn-secondary transition-none disabled:cursor-wait"
          disabled={!searchReady}
          onClick={() => dialog.current?.showModal()}
        >
          Search by service
        </button>
      </div>

      <nav aria-label="Price categories" className="mt-8">
        <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-5">
          {categories.map((c) => (
            <li key={c.id}>
              <Link
                to={`/pricing/${c.code}`}
                aria-current={c.code === selectedCode ? 'page' : undefined}
                preventScrollReset
                className={`flex items-center gap-3 rounded-xl border p-3 text-sm font-semibold transition ${c.code === selectedCode ? 'border-brand bg-brand text-white' : 'border-slate-200 bg-white text-slate-800 hover:border-brand'}`}
              >
                <img
                  src={c.image}
                  alt=""
                  width="48"
                  height="42"
                  className="h-10 w-12 rounded bg-white"
                />
                {c.name}
              </Link>
            </li>
          ))}
        </ul>
      </nav>

      <section aria-labelledby="category-title" className="mt-10 grid gap-8 lg:grid-cols-[1fr_2fr]">
        <div>
          <h2 id="category-title" className="section-title">
            {selected.name}
          </h2>
          <div
            className="rich-text mt-3"
            dangerouslySetInnerHTML={{ __html: selected.description }}
          />
          <FinalPriceRules className="mt-6" />
          <img
            src={selected.image}
            alt=""
            width="300"
            height="260"
            className="mt-6 hidden w-full max-w-xs rounded-xl lg:block"
          />
        </div>
        <table className="w-full self-start text-left">
          <caption className="sr-only">{selected.name} prices</caption>
          <thead>
            <tr className="border-b border-slate-200 text-sm text-slate-500">
              <th scope="col" className="py-2 font-medium">
                Item
              </th>
              <th scope="col" className="py-2 text-right font-medium">
                Price
              </th>
            </tr>
          </thead>
          <tbody>
            {selected.services.map((s) => (
              <tr key={s.id} className="border-b border-slate-100 align-top">
                <td className="py-3 pr-4">
                  <span className="font-medium text-slate-900">{s.service_name}</span>
                  {s.price === '0.00' && s.description && (
                    <p className="mt-1 text-sm text-slate-600">{s.description}</p>
                  )}
                </td>
                <td className="py-3 text-right whitespace-nowrap">
                  <Price price={s.price} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </section>

      <dialog
        ref={dialog}
        aria-labelledby="search-title"
        className="m-auto w-[min(94vw,560px)] rounded-2xl p-0 shadow-2xl backdrop:bg-slate-900/60"
        onClick={(e) => {
          if (e.target === dialog.current) dialog.current?.close();
        }}
      >
        <div className="p-5">
          <div className="flex items-center justify-between">
            <h2 id="search-title" className="text-lg font-bold">
              Search by service
            </h2>
            <button
              type="button"
              className="rounded px-2 py-1 text-sm font-semibold"
              onClick={() => dialog.current?.close()}
            >
              Close
            </button>
          </div>
          <label htmlFor="service-search" className="field-label mt-3">
            Service name
          </label>
          <input
            id="service-search"
            type="search"
            className="field-input"
            placeholder="e.g. shirt, duvet, suit"
            value={search}
            onChange={(e) => setSearch(e.target.value)}
          />
          <ul className="mt-4 max-h-80 divide-y divide-slate-100 overflow-auto" aria-live="polite">
            {search.trim() && matches.length === 0 && (
              <li className="py-3 text-sm text-slate-600">No service matches “{search}”.</li>
            )}
            {matches.map((s) => (
              <li key={s.id} className="flex items-start justify-between gap-4 py-3">
                <span>
                  <span className="font-medium">{s.service_name}</span>
                  <span className="block text-xs text-slate-500">{s.category}</span>
                  {s.price === '0.00' && s.description && (
                    <span className="block text-sm text-slate-600">{s.description}</span>
                  )}
                </span>
                <Price price={s.price} />
              </li>
            ))}
          </ul>
        </div>
      </dialog>
    </main>
  );
}
