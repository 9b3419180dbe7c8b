import { useRootData } from '~/utils/root-data';
import { seo } from '~/utils/seo';
import type { Route } from './+types/privacy';
import type { PageHandle } from '~/components/site/chrome-rules';

/** The same for every visitor: the server may reuse its HTML (docs/decisions/011). */
/** The same for every visitor: rendered once per content change (server/http/page-cache.ts). */
// Nothing interactive: the page ships no JavaScript (docs/decisions/041).
export const handle: PageHandle = { sharedPage: true, hydrate: false };

export function meta({ matches }: Route.MetaArgs) {
  return seo(matches, {
    title: 'Privacy Policy',
    description: 'What personal data we keep, why, for how long, and your rights.',
    path: '/privacy',
  });
}

export default function Privacy() {
  const brand = useRootData()!.brand;
  return (
    <main id="main" className="mx-auto max-w-3xl px-4 py-10">
      <h1 className="page-title">Privacy policy</h1>
      <div className="rich-text mt-6">
        <p>
          {brand.name} (company number {brand.companyNumber}, {brand.headOffice.line1},{' '}
          {brand.headOffice.town} {brand.headOffice.postcode}) is the controller of the personal
          data you give us.
        </p>
        <h2>What we keep and why</h2>
        <ul>
          <li>
            Your name, e-mail, phone number and address: to collect, clean and deliver your order.
          </li>
          <li>
            Your orders and invoices: to run your account and because the law requires accounting
            records.
          </li>
          <li>Your password, only as a one-way hash.</li>
          <li>Card details are held by our payment provider, never by us.</li>
        </ul>
        <h2>How long</h2>
        <p>
          Account data for as long as you keep the account. When you delete your account we erase
          your name, e-mail, phone, addresses and password at once; orders stay only as anonymous
          records for our accounts.
        </p>
        <h2>Your rights</h2>
        <p>
          You may ask for a copy of your data, its correction or its erasure. Write to{' '}
          <a href={`mailto:${brand.email}`}>{brand.email}</a> or delete your account from your
          account page.
        </p>
        <h2>Cookies</h2>
        <p>We use one cookie to keep you logged in. We do not use advertising cookies.</p>
      </div>
    </main>
  );
}
