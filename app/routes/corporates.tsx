import { useRootData } from '~/utils/root-data';
import { seo } from '~/utils/seo';
import type { Route } from './+types/corporates';
import type { PageHandle } from '~/components/site/chrome-rules';

/** The same for every visitor: the server may reuse its HTML (docs/decisions/011). */
/** The same for every visitor: rendered once per content change (server/http/page-cache.ts). */
export const handle: PageHandle = { sharedPage: true };

export function meta({ matches }: Route.MetaArgs) {
  return seo(matches, {
    title: 'Corporate Dry Cleaning & Laundry Accounts',
    description:
      'Dry cleaning and laundry for London hotels, restaurants, clinics and offices: scheduled collections, monthly invoicing and a named account manager.',
    path: '/corperates',
  });
}

const offers = [
  ['Scheduled collections', 'Daily or weekly rounds at a time that suits your staff.'],
  ['Monthly invoicing', 'One itemised invoice per month, per site or per cost centre.'],
  ['Uniforms and linen', 'Chef whites, front-of-house uniforms, table linen and towels.'],
  ['A named manager', 'One person who knows your account and answers the phone.'],
];

export default function Corporates() {
  const brand = useRootData()!.brand;
  return (
    <main id="main" className="mx-auto max-w-7xl px-4 py-10">
      <h1 className="page-title">Corporate clients</h1>
      <p className="mt-2 max-w-2xl text-slate-600">
        Hotels, restaurants, dental practices and offices across London trust us with their uniforms
        and linen.
      </p>
      <ul className="mt-8 grid gap-6 md:grid-cols-2 lg:grid-cols-4">
        {offers.map(([title, text]) => (
          <li key={title} className="card">
            <h2 className="text-lg font-semibold">{title}</h2>
            <p className="mt-2 text-slate-600">{text}</p>
          </li>
        ))}
      </ul>
      <section className="mt-10 rounded-2xl bg-brand p-8 text-white">
        <h2 className="text-2xl font-bold">Open a business account</h2>
        <p className="mt-2 text-white/90">
          Call us on{' '}
          <a href={`tel:${brand.phoneE164}`} className="font-semibold underline">
            {brand.phone}
          </a>{' '}
          or e-mail{' '}
          <a href={`mailto:${brand.email}`} className="font-semibold underline">
            {brand.email}
          </a>{' '}
          and we will visit you within a week.
        </p>
      </section>
    </main>
  );
}
