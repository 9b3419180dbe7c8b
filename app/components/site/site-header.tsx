import { useRef, type ComponentType } from 'react';
import { Link, NavLink } from 'react-router';
import type { Brand } from '@shared/brand';

const links = [
  { to: '/#order', label: 'Order' },
  { to: '/pricing', label: 'Pricing' },
  { to: '/services', label: 'Services' },
  { to: '/areas', label: 'Areas' },
  { to: '/faqs', label: 'FAQs' },
  { to: '/corperates', label: 'Corporates' },
  { to: '/branches', label: 'Branches' },
];

type User = { name: string } | null;
/** The account feature's Logout, passed in by the root: components import no feature. */
type Logout = ComponentType<{ className?: string }>;

/**
 * The main navigation (spec 2): the pages, the phone number, and Login / Signup when logged
 * out, or the customer's name with Account and Logout when logged in.
 */
export function SiteHeader({
  brand,
  user,
  LogoutButton,
}: {
  brand: Brand;
  user: User;
  LogoutButton: Logout;
}) {
  return (
    <header className="sticky top-0 z-30 border-b border-slate-200 bg-white/95 backdrop-blur">
      <div className="mx-auto flex max-w-7xl items-center justify-between gap-4 px-4 py-3">
        <Link to="/" className="flex items-center gap-2">
          <img src={brand.logo} alt="" width="40" height="40" className="h-10 w-10" />
          <span className="text-lg leading-tight font-bold text-brand">
            {brand.name}
            <span className="block text-xs font-medium text-slate-500">
              Since {brand.establishedYear}
            </span>
            <span className="sr-only">, home</span>
          </span>
        </Link>
        <nav aria-label="Main" className="hidden items-center gap-1 lg:flex">
          {links.map((l) => (
            <NavLink
              key={l.to}
              to={l.to}
              className={({ isActive }) =>
                `rounded-md px-3 py-2 text-sm font-medium ${isActive && l.to !== '/#order' ? 'bg-brand/10 text-brand' : 'text-slate-700 hover:text-brand'}`
              }
            >
              {l.label}
            </NavLink>
          ))}
        </nav>
        <div className="flex items-center gap-2">
          <a
            href={`tel:${brand.phoneE164}`}
            className="hidden text-sm font-semibold text-brand sm:inline"
          >
            {brand.phoneDisplay}
          </a>
          {user ? (
            <details className="relative hidden lg:block">
              <summary className="cursor-pointer list-none rounded-md px-3 py-2 text-sm font-semibold text-slate-800 hover:bg-slate-100">
                {user.name} <span aria-hidden="true">▾</span>
              </summary>
              <div className="absolute right-0 mt-1 w-44 rounded-md border border-slate-200 bg-white p-1 shadow-lg">
                <Link to="/account" className="block rounded px-3 py-2 text-sm hover:bg-slate-100">
                  Account
                </Link>
                <LogoutButton className="block w-full rounded px-3 py-2 text-left text-sm hover:bg-slate-100" />
              </div>
            </details>
          ) : (
            <div className="hidden items-center gap-2 lg:flex">
              <Link to="/login" className="rounded-md px-3 py-2 text-sm font-semibold text-brand">
                Login
              </Link>
              <Link to="/signup" className="btn-primary px-4 py-2 text-sm">
                Signup
              </Link>
            </div>
          )}
          <MobileMenu brand={brand} user={user} LogoutButton={LogoutButton} />
        </div>
      </div>
    </header>
  );
}

/**
 * The menu of a phone-sized window: a <details> disclosure, so it opens with a tap before the
 * page has hydrated (or with JavaScript off) as well as after; a link followed inside it
 * closes it (client-side navigation keeps the header mounted).
 */
function MobileMenu({
  brand,
  user,
  LogoutButton,
}: {
  brand: Brand;
  user: User;
  LogoutButton: Logout;
}) {
  const menu = useRef<HTMLDetailsElement>(null);
  const close = () => menu.current?.removeAttribute('open');
  return (
    <details ref={menu} className="group lg:hidden">
      <summary className="block cursor-pointer list-none rounded-md p-2 text-slate-700 [&::-webkit-details-marker]:hidden">
        <span className="sr-only">Menu</span>
        <svg width="24" height="24" viewBox="0 0 24 24" aria-hidden="true">
          <path
            className="group-open:hidden"
            d="M4 6h16M4 12h16M4 18h16"
            stroke="currentColor"
            strokeWidth="2"
            strokeLinecap="round"
          />
          <path
            className="hidden group-open:block"
            d="M6 6l12 12M18 6L6 18"
            stroke="currentColor"
            strokeWidth="2"
            strokeLinecap="round"
          />
        </svg>
      </summary>
      <nav
        id="mobile-menu"
        aria-label="Main"
        className="absolute inset-x-0 top-full max-h-[calc(100dvh-4rem)] overflow-y-auto border-t border-b border-slate-200 bg-white shadow-lg"
      >
        <ul className="mx-auto max-w-7xl px-4 py-2">
          {links.map((l) => (
            <li key={l.to}>
              <Link
                to={l.to}
                className="block rounded px-2 py-3 font-medium text-slate-800"
                onClick={close}
              >
                {l.label}
              </Link>
            </li>
          ))}
          {user ? (
            <>
              <li>
                <Link
                  to="/account"
                  className="block px-2 py-3 font-medium text-slate-800"
                  onClick={close}
                >
                  Account ({user.name})
                </Link>
              </li>
              <li>
                <LogoutButton className="block w-full px-2 py-3 text-left font-medium text-slate-800" />
              </li>
            </>
          ) : (
            <li className="flex gap-2 py-2">
              <Link to="/login" className="btn-secondary flex-1 py-2" onClick={close}>
                Login
              </Link>
              <Link to="/signup" className="btn-primary flex-1 py-2" onClick={close}>
                Signup
              </Link>
            </li>
          )}
          <li>
            <a href={`tel:${brand.phoneE164}`} className="block px-2 py-3 font-semibold text-brand">
              {brand.phoneDisplay}
            </a>
          </li>
        </ul>
      </nav>
    </details>
  );
}
