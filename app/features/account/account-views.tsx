import { Link } from 'react-router';
import type { CustomerOrdersView as CustomerOrders } from '@server/use-cases/orders/present-order-for-customer';
import { LogoutButton } from './logout-button';
import { StatusBadge } from './order-detail';
import { ApprovalNotices } from './approval-notice';
import { accountSections, AccountMenu } from './account-frame';

/*
 * The account's own pages (issue 18, docs/decisions/038): /account is the dashboard (the menu
 * on a phone), each section a page of its own in <AccountFrame>. Every link is a plain link,
 * so Back, bookmarks and links from e-mails work, with or without JavaScript.
 */

type Customer = CustomerOrders;
type Order = Customer['orders'][number];

export function AddressBook({ customer }: { customer: Pick<Customer, 'addresses'> }) {
  return customer.addresses.length === 0 ? (
    <p className="text-sm text-slate-600">No saved addresses yet.</p>
  ) : (
    <ul className="grid gap-3 sm:grid-cols-2">
      {customer.addresses.map((a) => (
        <li
          key={a.id}
          className="rounded-lg border border-slate-200 p-4 text-sm whitespace-pre-line"
        >
          {a.full_address}
        </li>
      ))}
    </ul>
  );
}

const NOT_PRICED = 'Not priced yet';

/** Prices come at intake: before then an order has no items and its £0.00 would mislead. */
function isPriced(order: Order) {
  return order.invoiced || order.items.length > 0;
}

/** The customer's orders: cards on a phone, a table on wider screens; each opens its page. */
export function OrdersList({ orders }: { orders: Order[] }) {
  if (orders.length === 0) {
    return (
      <p className="text-sm text-slate-600">
        You have no orders yet.{' '}
        <Link to="/" className="font-medium text-brand underline">
          Book a collection
        </Link>
      </p>
    );
  }
  return (
    <>
      <ul className="space-y-3 sm:hidden">
        {orders.map((o) => (
          <li key={o.id}>
            {/* Named by what it shows (walkthrough 17: a label that did not start with the
                visible text failed axe's label-content-name-mismatch). */}
            <Link
              to={`/account/orders/${o.id}`}
              className="block w-full rounded-lg border border-slate-200 p-4 text-left text-sm shadow-sm"
            >
              <span className="flex items-center justify-between">
                <span className="font-semibold">{o.order_no}</span>
                <StatusBadge status={o.status} />
              </span>
              <span className="mt-2 flex justify-between text-slate-600">
                <span>{o.order_date}</span>
                {isPriced(o) ? (
                  <>
                    <span>Total £{o.total}</span>
                    <span>Due £{o.amount_due}</span>
                  </>
                ) : (
                  <span>{NOT_PRICED}</span>
                )}
              </span>
            </Link>
          </li>
        ))}
      </ul>
      <table className="hidden w-full text-left text-sm sm:table">
        <thead className="border-b border-slate-200 text-xs text-slate-500 uppercase">
          <tr>
            <th scope="col" className="py-2 pr-3">
              Order
            </th>
            <th scope="col" className="py-2 pr-3">
              Date
            </th>
            <th scope="col" className="py-2 pr-3">
              Ship to
            </th>
            <th scope="col" className="py-2 pr-3 text-right">
              Total
            </th>
            <th scope="col" className="py-2 pr-3">
              Status
            </th>
            <th scope="col" className="py-2">
              <span className="sr-only">Action</span>
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {orders.map((o) => (
            <tr key={o.id}>
              <td className="py-3 pr-3 font-medium">{o.order_no}</td>
              <td className="py-3 pr-3">{o.order_date}</td>
              <td className="py-3 pr-3">{o.customer_name}</td>
              <td className="py-3 pr-3 text-right">{isPriced(o) ? `£${o.total}` : NOT_PRICED}</td>
              <td className="py-3 pr-3">
                <StatusBadge status={o.status} />
              </td>
              <td className="py-3 text-right whitespace-nowrap">
                <Link
                  to={`/account/orders/${o.id}`}
                  className="font-medium text-brand underline"
                  aria-label={`View order ${o.order_no}`}
                >
                  view order
                </Link>
                <a
                  href={o.tracking_path}
                  className="ml-3 font-medium text-brand underline"
                  aria-label={`Track order ${o.order_no}`}
                >
                  track
                </a>
                <a
                  href={`/?again=${o.id}#order`}
                  className="ml-3 font-medium text-brand underline"
                  aria-label={`Book again: order ${o.order_no}`}
                >
                  book again
                </a>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </>
  );
}

const menuItem =
  'flex w-full items-center justify-between border-b border-slate-100 px-4 py-4 text-left font-medium text-slate-800';

/** The account's menu on a phone: every section, Logout and Delete Account. */
function MobileMenu() {
  return (
    <nav
      aria-label="Account menu"
      className="overflow-hidden rounded-xl border border-slate-200 bg-white shadow-sm"
    >
      {accountSections.map((s) => (
        <Link key={s.id} to={s.path} className={menuItem}>
          {s.label} <span aria-hidden="true">›</span>
        </Link>
      ))}
      <LogoutButton className={menuItem} />
      <Link to="/account/delete" className={`${menuItem} border-b-0 text-red-700`}>
        Delete Account <span aria-hidden="true">›</span>
      </Link>
    </nav>
  );
}

/**
 * /account: on a desktop the side menu and the dashboard (recent orders, contact details,
 * address book); on a phone the greeting and the menu of sections.
 */
export function AccountDashboard({ customer }: { customer: Customer }) {
  return (
    <main id="main" className="min-h-[70vh] bg-slate-50">
      <h1 className="sr-only">My account</h1>
      <div className="mx-auto flex max-w-6xl gap-8 px-4 py-6 min-[1060px]:px-6 min-[1060px]:py-10">
        <div className="hidden min-[1060px]:block">
          <AccountMenu current="dashboard" />
        </div>
        <div className="min-w-0 flex-1 space-y-6">
          <div className="rounded-xl bg-brand p-5 text-white shadow-sm min-[1060px]:hidden">
            <p className="text-lg font-semibold">Hello, {customer.name}</p>
            <p className="mt-1 text-sm text-white/85">{customer.phone_number}</p>
            <p className="text-sm break-all text-white/85">{customer.email}</p>
            {customer.pending_email ? (
              <p className="mt-1 text-sm break-all text-white">
                Waiting for confirmation of {customer.pending_email}
              </p>
            ) : null}
          </div>
          <ApprovalNotices orders={customer.orders} />
          <div className="min-[1060px]:hidden">
            <MobileMenu />
          </div>
          <div className="hidden space-y-10 rounded-xl border border-slate-200 bg-white p-8 shadow-sm min-[1060px]:block">
            <p className="text-slate-600">
              Hello <strong className="text-slate-900">{customer.name}</strong>, from here you can
              follow your orders and manage your details.
            </p>
            <section aria-labelledby="orders-title">
              <div className="mb-4 flex items-baseline justify-between">
                <h2 id="orders-title" className="text-xl font-semibold">
                  Recent orders
                </h2>
                <Link to="/account/orders" className="text-sm font-medium text-brand underline">
                  All orders
                </Link>
              </div>
              <OrdersList orders={customer.orders.slice(0, 5)} />
            </section>
            <section aria-labelledby="contact-title">
              <h2 id="contact-title" className="mb-4 text-xl font-semibold">
                Contact information
              </h2>
              <div className="rounded-lg border border-slate-200 p-4 text-sm">
                <p className="font-medium">{customer.name}</p>
                <p className="break-all text-slate-600">{customer.email}</p>
                {customer.pending_email ? (
                  <p className="break-all text-amber-800">
                    Waiting for confirmation of {customer.pending_email}
                  </p>
                ) : null}
                <p className="text-slate-600">{customer.phone_number}</p>
                <Link
                  to="/account/profile"
                  className="mt-2 inline-block font-medium text-brand underline"
                >
                  Edit
                </Link>
              </div>
            </section>
            <section aria-labelledby="addresses-title">
              <h2 id="addresses-title" className="mb-4 text-xl font-semibold">
                Address book
              </h2>
              <AddressBook customer={customer} />
            </section>
          </div>
        </div>
      </div>
    </main>
  );
}
