import type { ShouldRevalidateFunctionArgs } from 'react-router';

/*
 * Issue 33: moving between the driver's Today and Tomorrow changes only the search of
 * /admin/driver. The root's and the back-office layout's data (the brand, who is signed in)
 * cannot change with it, and asking the server for them again would fail without a signal and
 * end on the error page before the driver route's own loader can read the phone's copy.
 */
export function keepsDataWithinDriverView({
  currentUrl,
  nextUrl,
  formMethod,
  defaultShouldRevalidate,
}: ShouldRevalidateFunctionArgs): boolean {
  if (
    !formMethod &&
    currentUrl.pathname === nextUrl.pathname &&
    nextUrl.pathname.replace(/\/$/, '') === '/admin/driver'
  ) {
    return false;
  }
  return defaultShouldRevalidate;
}
