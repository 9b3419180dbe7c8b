import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import type { CustomerOrdersView as CustomerOrders } from '@server/use-cases/orders/present-order';
import { LogoutButton } from './logout-button';
import { OrderDetail, StatusBadge } from './order-detail';
import { ApprovalNotices } from './approval-notice';
import { ChangePasswordForm, ProfileForm } from './profile-forms';
import type { PreferencesView } from '@server/use-cases/messages/present-texts';
import { PreferencesForm } from './preferences-form';

type Props = { customer: CustomerOrders; phone: string; preferences: PreferencesView };
type DesktopView = 'dashboard' | 'profile' | 'password' | 'messages' | 'orders';

function AddressBook({ customer }: { customer: CustomerOrders }) {
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

const navItem =
  'flex w-full items-center rounded-md px-3 py-2.5 text-left text-sm font-medium transition hover:bg-brand/5 focus-visible:outline-2 focus-visible:outline-brand';

/** The desktop account page (1060 px and wider). */
/**
 * The view the address asks for (?view=…): the menu's buttons are GET forms, so they work
 * without JavaScript, and a form posted from a view comes back to it.
 */
function useInitialView<V extends string>(views: readonly V[], fallback: V, alias = {}) {
  const [params] = useSearchParams();
  const asked = params.get('view') ?? '';
  const named = (alias as Record<string, V>)[asked] ?? asked;
  return (views as readonly string[]).includes(named) ? (named as V) : fallback;
}

/** A menu entry: a GET form's button without JavaScript, a switch of view with it. */
function ViewButton({
  view,
  onOpen,
  children,
  ...button
}: { view: string; onOpen: () => void } & React.ButtonHTMLAttributes<HTMLButtonElement>) {
  return (
    <form method="get" action="/account" className="contents">
      <button
        type="submit"
        name="view"
        value={view}
        onClick={(event) => {
          event.preventDefault();
          onOpen();
        }}
        {...button}
      >
        {children}
      </button>
    </form>
  );
}

export function DesktopAccount({ customer, phone, preferences }: Props) {
  const [view, setView] = useState<DesktopView>(
    useInitialView(
      ['dashboard', 'profile', 'password', 'messages', 'orders'] as const,
      'dashboard',
    ),
  );
  const [orderId, setOrderId] = useState<string | null>(null);
  const order = customer.orders.find((o) => o.id === orderId);
  const go = (next: DesktopView) => {
    setView(next);
    setOrderId(null);
  };
  const items: { id: DesktopView; label: string }[] = [
    { id: 'dashboard', label: 'Dashboard' },
    { id: 'profile', label: 'Profile' },
    { id: 'password', label: 'Change Password' },
    { id: 'messages', label: 'Message preferences' },
    { id: 'orders', label: 'Orders' },
  ];
  const recent = view === 'dashboard' ? customer.orders.slice(0, 5) : customer.orders;

  return (
    <div className="mx-auto flex max-w-6xl gap-8 px-6 py-10">
      <nav aria-label="Account" className="w-60 shrink-0">
        <div className="rounded-xl border border-slate-200 bg-white p-3 shadow-sm">
          <p className="px-3 pt-2 pb-3 text-xs font-semibold tracking-wide text-slate-500 uppercase">
            My account
          </p>
          <ul className="space-y-1">
            {items.map((item) => (
              <li key={item.id}>
                <ViewButton
                  view={item.id}
                  className={`${navItem} ${view === item.id ? 'bg-brand text-white hover:bg-brand' : 'text-slate-700'}`}
                  aria-current={view === item.id ? 'page' : undefined}
                  onOpen={() => go(item.id)}
                >
                  {item.label}
                </ViewButton>
              </li>
            ))}
            <li>
              <Link to="/account/garments" className={`${navItem} text-slate-700`}>
                Your garments
              </Link>
            </li>
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
      <div className="min-w-0 flex-1 space-y-6">
        {order ? null : <ApprovalNotices orders={customer.orders} />}
        <div className="rounded-xl border border-slate-200 bg-white p-8 shadow-sm">
          {order ? (
            <OrderDetail order={order} phone={phone} onBack={() => setOrderId(null)} />
          ) : view === 'profile' ? (
            <section aria-labelledby="profile-title" className="space-y-6">
              <h2 id="profile-title" className="text-xl font-semibold">
                Profile
              </h2>
              <ProfileForm customer={customer} idPrefix="desktop-profile" />
            </section>
          ) : view === 'password' ? (
            <section aria-labelledby="password-title" className="space-y-6">
              <h2 id="password-title" className="text-xl font-semibold">
                Change Password
              </h2>
              <ChangePasswordForm email={customer.email} idPrefix="desktop-password" />
            </section>
          ) : view === 'messages' ? (
            <section aria-labelledby="messages-title" className="space-y-6">
              <h2 id="messages-title" className="text-xl font-semibold">
                Message preferences
              </h2>
              <PreferencesForm
                preferences={preferences}
                email={customer.email}
                idPrefix="desktop-messages"
              />
            </section>
          ) : (
            <div className="space-y-10">
              {view === 'dashboard' ? (
                <p className="text-slate-600">
                  Hello <strong className="text-slate-900">{customer.name}</strong>, from here you
                  can follow your orders and manage your details.
                </p>
              ) : null}
              <section aria-labelledby="orders-title">
                <h2 id="orders-title" className="mb-4 text-xl font-semibold">
                  {view === 'dashboard' ? 'Recent orders' : 'Orders'}
                </h2>
                {recent.length === 0 ? (
                  <p className="text-sm text-slate-600">
                    You have no orders yet.{' '}
                    <Link to="/" className="font-medium text-brand underline">
                      Book a collection
                    </Link>
                  </p>
                ) : (
                  <table className="w-full text-left text-sm">
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
                      {recent.map((o) => (
                        <tr key={o.id}>
                          <td className="py-3 pr-3 font-medium">{o.order_no}</td>
                          <td className="py-3 pr-3">{o.order_date}</td>
                          <td className="py-3 pr-3">{o.customer_name}</td>
                          <td className="py-3 pr-3 text-right">£{o.total}</td>
                          <td className="py-3 pr-3">
                            <StatusBadge status={o.status} />
                          </td>
                          <td className="py-3 text-right whitespace-nowrap">
                            <button
                              type="button"
                              className="font-medium text-brand underline"
                              onClick={() => setOrderId(o.id)}
                              aria-label={`View order ${o.order_no}`}
                            >
                              view order
                            </button>
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
                )}
              </section>
              {view === 'dashboard' ? (
                <>
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
                      <button
                        type="button"
                        className="mt-2 font-medium text-brand underline"
                        onClick={() => go('profile')}
                      >
                        Edit
                      </button>
                    </div>
                  </section>
                  <section aria-labelledby="addresses-title">
                    <h2 id="addresses-title" className="mb-4 text-xl font-semibold">
                      Address book
                    </h2>
                    <AddressBook customer={customer} />
                  </section>
                </>
              ) : null}
            </div>
          )}
        </div>
      </div>
    </div>
  );
}

type MobileView = 'menu' | 'orders' | 'profile' | 'messages';

/** The mobile account page (narrower than 1060 px). */
export function MobileAccount({ customer, phone, preferences }: Props) {
  // The password form is part of the mobile profile view.
  const [view, setView] = useState<MobileView>(
    useInitialView(['menu', 'orders', 'profile', 'messages'] as const, 'menu', {
      password: 'profile',
    }),
  );
  const [orderId, setOrderId] = useState<string | null>(null);
  const order = customer.orders.find((o) => o.id === orderId);
  const menuItem =
    'flex w-full items-center justify-between border-b border-slate-100 px-4 py-4 text-left font-medium text-slate-800';

  return (
    <div className="px-4 py-6">
      <div className="rounded-xl bg-brand p-5 text-white shadow-sm">
        <p className="text-lg font-semibold">Hello, {customer.name}</p>
        <p className="mt-1 text-sm text-white/85">{customer.phone_number}</p>
        <p className="text-sm break-all text-white/85">{customer.email}</p>
        {customer.pending_email ? (
          <p className="mt-1 text-sm break-all text-white">
            Waiting for confirmation of {customer.pending_email}
          </p>
        ) : null}
      </div>
      {order ? null : (
        <div className="mt-4">
          <ApprovalNotices orders={customer.orders} />
        </div>
      )}
      <div className="mt-6">
        {order ? (
          <OrderDetail order={order} phone={phone} onBack={() => setOrderId(null)} />
        ) : view === 'orders' ? (
          <section aria-labelledby="m-orders-title" className="space-y-4">
            <button
              type="button"
              className="text-sm font-medium text-brand underline"
              onClick={() => setView('menu')}
            >
              ← Menu
            </button>
            <h2 id="m-orders-title" className="text-xl font-semibold">
              Orders
            </h2>
            {customer.orders.length === 0 ? (
              <p className="text-sm text-slate-600">You have no orders yet.</p>
            ) : (
              <ul className="space-y-3">
                {customer.orders.map((o) => (
                  <li key={o.id}>
                    <button
                      type="button"
                      onClick={() => setOrderId(o.id)}
                      className="w-full rounded-lg border border-slate-200 p-4 text-left text-sm shadow-sm"
                      aria-label={`Order ${o.order_no}, ${o.status}, total £${o.total}, due £${o.amount_due}`}
                    >
                      <span className="flex items-center justify-between">
                        <span className="font-semibold">{o.order_no}</span>
                        <StatusBadge status={o.status} />
                      </span>
                      <span className="mt-2 flex justify-between text-slate-600">
                        <span>{o.order_date}</span>
                        <span>Total £{o.total}</span>
                        <span>Due £{o.amount_due}</span>
                      </span>
                    </button>
                  </li>
                ))}
              </ul>
            )}
          </section>
        ) : view === 'profile' ? (
          <section aria-labelledby="m-profile-title" className="space-y-6">
            <button
              type="button"
              className="text-sm font-medium text-brand underline"
              onClick={() => setView('menu')}
            >
              ← Menu
            </button>
            <h2 id="m-profile-title" className="text-xl font-semibold">
              Profile
            </h2>
            <ProfileForm customer={customer} idPrefix="mobile-profile" />
            <h3 className="text-lg font-semibold">Address book</h3>
            <AddressBook customer={customer} />
            <h3 className="text-lg font-semibold">Change Password</h3>
            <ChangePasswordForm email={customer.email} idPrefix="mobile-password" />
          </section>
        ) : view === 'messages' ? (
          <section aria-labelledby="m-messages-title" className="space-y-6">
            <button
              type="button"
              className="text-sm font-medium text-brand underline"
              onClick={() => setView('menu')}
            >
              ← Menu
            </button>
            <h2 id="m-messages-title" className="text-xl font-semibold">
              Message preferences
            </h2>
            <PreferencesForm
              preferences={preferences}
              email={customer.email}
              idPrefix="mobile-messages"
            />
          </section>
        ) : (
          <nav
            aria-label="Account menu"
            className="overflow-hidden rounded-xl border border-slate-200 bg-white shadow-sm"
          >
            <ViewButton view="orders" className={menuItem} onOpen={() => setView('orders')}>
              Orders <span aria-hidden="true">›</span>
            </ViewButton>
            <ViewButton view="profile" className={menuItem} onOpen={() => setView('profile')}>
              Profile <span aria-hidden="true">›</span>
            </ViewButton>
            <ViewButton view="messages" className={menuItem} onOpen={() => setView('messages')}>
              Message preferences <span aria-hidden="true">›</span>
            </ViewButton>
            <Link to="/account/garments" className={menuItem}>
              Your garments <span aria-hidden="true">›</span>
            </Link>
            <LogoutButton className={menuItem} />
            <Link to="/account/delete" className={`${menuItem} border-b-0 text-red-700`}>
              Delete Account <span aria-hidden="true">›</span>
            </Link>
          </nav>
        )}
      </div>
    </div>
  );
}
