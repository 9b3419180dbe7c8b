import { redirect } from 'react-router';

/** The mailbox moved behind the owner's back-office sign-in (it holds every customer's mail). */
export function loader() {
  throw redirect('/admin/mailbox', 301);
}
