import { NavLink, Outlet, redirect, useNavigate } from 'react-router';
import { routes } from '@shared/api/routes';
import { call } from '~/utils/api-client';
import { requireStaffPage } from '~/features/admin/guard.server';
import { openCaseTotal } from '~/server/intake-report.server';
import { branchScope } from '~/server/branches.server';
import { BranchSwitcher } from '~/features/admin/branch-switcher';
import type { Route } from './+types/layout';
import { keepsDataWithinDriverView } from '~/utils/driver-revalidate';

export function meta() {
  return [{ title: 'Back office' }, { name: 'robots', content: 'noindex' }];
}

export async function loader({ context, request, url }: Route.LoaderArgs) {
  // Every role passes the layout; each page's own guard sends a driver to their view.
  const staff = await requireStaffPage(context.services, { request, url }, [
    'owner',
    'staff',
    'driver',
  ]);
  // Issue 32: the branch this session works in; a member of several chooses first.
  const scope = staff.role === 'driver' ? null : await branchScope(context.services.db, staff);
  if (scope?.mustChoose && url.pathname !== '/admin/branch') {
    throw redirect(`/admin/branch?from=${encodeURIComponent(url.pathname + url.search)}`);
  }
  return {
    staff: { name: staff.name, role: staff.role },
    branches: scope ? { choices: scope.choices, current: scope.current } : null,
    // Customers' cases answer within a working day: every page of the shop shows how many wait.
    openCases: staff.role === 'driver' ? 0 : await openCaseTotal(context.services),
    brand: context.services.config.brand.name,
    testMode: context.services.payments.testMode,
  };
}

/** Not asked again for Today/Tomorrow in the driver's view (issue 33): it may have no signal. */
export const shouldRevalidate = keepsDataWithinDriverView;

export function headers() {
  return { 'Cache-Control': 'private, no-store' };
}

const links: { to: string; label: string; end?: boolean }[] = [
  { to: '/admin', label: 'Board', end: true },
  { to: '/admin/counter', label: 'Counter' },
  { to: '/admin/orders', label: 'Orders' },
  { to: '/admin/customers', label: 'Customers' },
  { to: '/admin/claims', label: 'Claims' },
  { to: '/admin/reviews', label: 'Reviews' },
  { to: '/admin/slots', label: 'Slots' },
  { to: '/admin/catalogue', label: 'Catalogue' },
  { to: '/admin/driver', label: 'Driver' },
];
const driverLinks: typeof links = [{ to: '/admin/driver', label: 'My stops' }];
const ownerLinks: typeof links = [
  { to: '/admin/reports', label: 'Reports' },
  { to: '/admin/branches', label: 'Branches' },
  { to: '/admin/audit', label: 'Audit log' },
  { to: '/admin/staff', label: 'Staff' },
  { to: '/admin/mailbox', label: 'Mailbox' },
  { to: '/admin/promo-codes', label: 'Promo codes' },
  { to: '/admin/settings', label: 'Settings' },
];

export default function AdminLayout({ loaderData }: Route.ComponentProps) {
  const { staff, brand, testMode, openCases, branches } = loaderData;
  const navigate = useNavigate();
  const items =
    staff.role === 'owner'
      ? [...links, ...ownerLinks]
      : staff.role === 'driver'
        ? driverLinks
        : links;
  async function signOut() {
    await call(routes.admin.logOut);
    navigate('/admin/login');
  }
  return (
    <div className="min-h-screen bg-slate-100 text-slate-900">
      <header className="border-b border-slate-200 bg-brand text-white print:hidden">
        <div className="mx-auto flex max-w-7xl flex-wrap items-center gap-x-6 gap-y-2 px-4 py-3">
          <p className="font-bold">
            {brand} <span className="font-normal text-white/80">· back office</span>
          </p>
          <nav aria-label="Back office" className="flex flex-wrap gap-1 text-sm">
            {items.map((item) => (
              <NavLink
                key={item.to}
                to={item.to}
                end={item.end}
                className={({ isActive }) =>
                  `rounded-md px-3 py-1.5 font-medium ${isActive ? 'bg-white text-brand' : 'text-white hover:bg-white/15'}`
                }
              >
                {item.label}
                {item.to === '/admin' && openCases > 0 ? (
                  <span
                    data-testid="open-cases-badge"
                    className="ml-1.5 rounded-full bg-amber-300 px-1.5 py-0.5 text-xs font-bold text-amber-950"
                  >
                    {openCases}
                    <span className="sr-only">
                      {openCases === 1 ? ' open case' : ' open cases'}
                    </span>
                  </span>
                ) : null}
              </NavLink>
            ))}
          </nav>
          <div className="ml-auto flex flex-wrap items-center justify-end gap-3 text-sm">
            {testMode ? (
              <span className="rounded bg-amber-300 px-2 py-0.5 text-xs font-bold text-amber-950">
                PAYMENTS: TEST MODE
              </span>
            ) : null}
            {branches ? (
              <BranchSwitcher
                choices={branches.choices}
                current={branches.current}
                owner={staff.role === 'owner'}
              />
            ) : null}
            <span>
              {staff.name} ({staff.role})
            </span>
            {staff.role === 'driver' ? null : (
              <NavLink
                to="/admin/notifications"
                className="rounded-md px-2 py-1 underline hover:bg-white/15"
              >
                Notifications
              </NavLink>
            )}
            <button
              type="button"
              onClick={() => void signOut()}
              className="rounded-md border border-white/60 px-3 py-1 hover:bg-white/15"
            >
              Sign out
            </button>
          </div>
        </div>
      </header>
      <main id="main" className="mx-auto max-w-7xl px-4 py-6 print:p-0">
        <Outlet />
      </main>
    </div>
  );
}
