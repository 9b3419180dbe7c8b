import { Link } from 'react-router';
import { LogoutButton } from './logout-button';

/*
 * The account's own URLs (issue 18): each view of the account is a page of its own, so Back,
 * links from e-mails and bookmarks work. One list of the sections, read by the desktop side
 * menu, the mobile menu and every section's page through <AccountFrame>.
 */

export const accountSections = [
  { id: 'orders', path: '/account/orders', label: 'Orders' },
  { id: 'profile', path: '/account/profile', label: 'Profile' },
  { id: 'addresses', path: '/account/addresses', label: 'Addresses' },
  { id: 'preferences', path: '/account/preferences', label: 'Garment care' },
  { id: 'messages', path: '/account/messages', label: 'Message preferences' },
  { id: 'recurring', path: '/account/recurring', label: 'Repeat collections' },
  { id: 'credit', path: '/account/credit', label: 'Credit and referrals' },
  { id: 'garments', path: '/account/garments', label: 'Your garments' },
] as const;

export type AccountSection = (typeof accountSections)[number]['id'];

const navItem =
  'flex w-full items-center rounded-md px-3 py-2.5 text-left text-sm font-medium transition hover:bg-brand/5 focus-visible:outline-2 focus-visible:outline-brand';

/** The side menu of the desktop account (1060 px and wider). */
export function AccountMenu({ current }: { current?: AccountSection | 'dashboard' }) {
  return (
    <nav aria-label="Account" className="w-60 shrink-0">
      <div className="rounded-xl border border-slate-200 bg-white p-3 shadow-sm">
        <p className="px-3 pt-2 pb-3 text-xs font-semibold tracking-wide text-slate-500 uppercase">
          <Link to="/account" className="hover:underline">
            My account
          </Link>
        </p>
        <ul className="space-y-1">
          {accountSections.map((s) => (
            <li key={s.id}>
              <Link
                to={s.path}
                className={`${navItem} ${current === s.id ? 'bg-brand text-white hover:bg-brand' : 'text-slate-700'}`}
                aria-current={current === s.id ? 'page' : undefined}
              >
                {s.label}
              </Link>
            </li>
          ))}
          <li>
            <LogoutButton className={`${navItem} text-slate-700`} />
          </li>
          <li>
            <Link to="/account/delete" className={`${navItem} text-red-700`}>
              Delete Account
            </Link>
          </li>
        </ul>
      </div>
    </nav>
  );
}

/**
 * A section of the account as a page: the side menu beside it on a desktop, a way back to the
 * account's menu above it on a phone. The section's page gives its title and content.
 */
export function AccountFrame({
  current,
  title,
  intro,
  children,
}: {
  current: AccountSection;
  title: string;
  intro?: React.ReactNode;
  children: React.ReactNode;
}) {
  return (
    <main id="main" className="min-h-[70vh] bg-slate-50">
      <div className="mx-auto flex max-w-6xl gap-8 px-4 py-6 min-[1060px]:px-6 min-[1060px]:py-10">
        <div className="hidden min-[1060px]:block">
          <AccountMenu current={current} />
        </div>
        <div className="min-w-0 flex-1 space-y-4">
          <Link
            to="/account"
            className="text-sm font-medium text-brand underline min-[1060px]:hidden"
          >
            ← My account
          </Link>
          <div className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm min-[1060px]:p-8">
            <h1 className="text-xl font-semibold">{title}</h1>
            {intro ? <div className="mt-1 text-slate-600">{intro}</div> : null}
            <div className="mt-6">{children}</div>
          </div>
        </div>
      </div>
    </main>
  );
}
