import { redirect } from 'react-router';
import { branchScope } from '@server/auth/branch-scope';
import { getCurrentStaff, type StaffRole } from '@server/auth/staff';
import type { AppServices } from '@server/services';

/** Where a driver lands: the one back-office page they may open. */
export const DRIVER_HOME = '/admin/driver';

/** Where a staff member lands after signing in. */
export function homeOf(role: StaffRole): string {
  return role === 'driver' ? DRIVER_HOME : '/admin';
}

/**
 * Loaders of /admin pages: the staff member of the request's cookie, or a redirect to the
 * sign-in page. Owner-only pages answer 403 to staff, as the API does; a driver is sent to
 * their own view from every other page.
 */
export async function requireStaffPage(
  services: AppServices,
  /** The loader's `request` (for the cookie) and `url` (the page, without `.data`). */
  { request, url }: { request: Request; url: URL },
  roles: StaffRole[] = ['owner', 'staff'],
) {
  const staff = await getCurrentStaff(
    services.db,
    { cookie: request.headers.get('cookie') },
    services.now(),
  );
  if (!staff) {
    const from = url.pathname;
    throw redirect(`/admin/login?from=${encodeURIComponent(from)}`);
  }
  if (!roles.includes(staff.role)) {
    // A driver sees the driver's view and nothing else of the back office (issue 16).
    if (staff.role === 'driver') throw redirect(DRIVER_HOME);
    throw new Response('Only the owner can see this page.', { status: 403 });
  }
  return staff;
}

/**
 * The staff member of a page and the branches whose orders it shows (issue 32): their working
 * branch, all of theirs until they choose, every branch for the owner unless they picked one.
 */
export async function requireStaffScope(
  services: AppServices,
  page: { request: Request; url: URL },
  roles: StaffRole[] = ['owner', 'staff'],
) {
  const staff = await requireStaffPage(services, page, roles);
  return { staff, scope: await branchScope(services.db, staff) };
}
