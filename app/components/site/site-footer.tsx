import { Link } from 'react-router';
import type { Brand } from '@shared/brand';
import { NewsletterForm } from './newsletter-form';
import { StoreLinks } from './app-install-steps';

export type FooterBranch = { slug: string; name: string; address: string[] };

/** Footer (spec 2): app links, newsletter box, addresses and payment methods. */
export function SiteFooter({ brand, branches }: { brand: Brand; branches: FooterBranch[] }) {
  const year = new Date().getFullYear();
  return (
    <footer className="mt-16 bg-slate-900 text-slate-300">
      <div className="mx-auto grid max-w-7xl gap-10 px-4 py-12 md:grid-cols-2 lg:grid-cols-4">
        <section aria-labelledby="footer-app" className="app-offer">
          <h2 id="footer-app" className="text-base font-semibold text-white">
            Get the app
          </h2>
          <p className="mt-2 text-sm">
            {brand.appDiscountPercent}% off your first order in our app.
          </p>
          {/* The installable app (decision 059): the browser's prompt, or the device's steps. */}
          <a
            href="#app-install"
            data-app-install=""
            className="mt-4 inline-flex items-center gap-2 rounded-md bg-white px-4 py-2 text-sm font-semibold text-slate-900 hover:bg-slate-100"
          >
            Install the app
          </a>
          <StoreLinks brand={brand} />
        </section>
        <section aria-labelledby="footer-news">
          <h2 id="footer-news" className="text-base font-semibold text-white">
            Newsletter
          </h2>
          <p className="mt-2 text-sm">Offers and garment-care tips, once a month.</p>
          <NewsletterForm id="newsletter-email" />
        </section>
        <section aria-labelledby="footer-branches">
          <h2 id="footer-branches" className="text-base font-semibold text-white">
            Our branches
          </h2>
          <ul className="mt-2 space-y-2 text-sm">
            {branches.map((b) => (
              <li key={b.slug}>
                <Link to={`/branches/${b.slug}`} className="font-medium text-white hover:underline">
                  {b.name}
                </Link>
                <br />
                {b.address.join(', ')}
              </li>
            ))}
          </ul>
        </section>
        <section aria-labelledby="footer-contact">
          <h2 id="footer-contact" className="text-base font-semibold text-white">
            Contact
          </h2>
          <p className="mt-2 text-sm">
            <a href={`tel:${brand.phoneE164}`} className="text-white hover:underline">
              {brand.phone}
            </a>
            <br />
            <a href={`mailto:${brand.email}`} className="hover:underline">
              {brand.email}
            </a>
          </p>
          <h3 className="mt-4 text-sm font-semibold text-white">We accept</h3>
          <ul className="mt-2 flex flex-wrap gap-2" aria-label="Payment methods">
            {['Visa', 'Mastercard', 'American Express', 'PayPal', 'Apple Pay'].map((m) => (
              <li key={m} className="rounded bg-white px-2 py-1 text-xs font-bold text-slate-800">
                {m}
              </li>
            ))}
          </ul>
          <ul className="mt-4 flex gap-3 text-sm">
            <li>
              <a href={brand.social.facebook} className="hover:underline">
                Facebook
              </a>
            </li>
            <li>
              <a href={brand.social.instagram} className="hover:underline">
                Instagram
              </a>
            </li>
            <li>
              <a href={brand.social.x} className="hover:underline">
                X
              </a>
            </li>
          </ul>
        </section>
      </div>
      <div className="border-t border-slate-800">
        <div className="mx-auto flex max-w-7xl flex-wrap justify-between gap-2 px-4 py-4 text-xs text-slate-400">
          <p>
            © {year} {brand.name}. {brand.headOffice.line1}, {brand.headOffice.town}{' '}
            {brand.headOffice.postcode}. Company no. {brand.companyNumber}. VAT {brand.vatNumber}.
          </p>
          <nav aria-label="Legal" className="flex gap-4">
            <Link to="/aboutus" className="hover:underline">
              About us
            </Link>
            <Link to="/blogs" className="hover:underline">
              Blog
            </Link>
            <Link to="/privacy" className="hover:underline">
              Privacy
            </Link>
            <Link to="/terms" className="hover:underline">
              Terms
            </Link>
          </nav>
        </div>
      </div>
    </footer>
  );
}
