import { useEffect, useState } from 'react';
import { data, Link, useLocation } from 'react-router';
import { DateTime } from 'luxon';
import { LONDON_ZONE } from '@shared/london-zone';
import { getOrderConfirmation } from '~/server/orders.server';
import { getCurrentCustomer } from '~/server/accounts.server';
import { findOrderToRepeat } from '~/server/address-book.server';
import { orderConfirmationView } from '~/server/orders.server';
import { clearBooking } from '~/features/booking/booking-storage';
import { OrderEstimateSummary } from '~/components/order-estimate';
import { useRootData } from '~/utils/root-data';
import { trackConversionOnce } from '~/utils/analytics';
import { seo } from '~/utils/seo';
import type { Route } from './+types/order-complete';

export async function loader({ context, params, request }: Route.LoaderArgs) {
  if (!/^[0-9a-f-]{36}$/i.test(params.id)) throw data(null, { status: 404 });
  let order;
  try {
    order = orderConfirmationView(
      context.services.config.brand,
      await getOrderConfirmation(context.services, { orderId: params.id }),
    );
  } catch {
    throw data(null, { status: 404 });
  }
  // Issue 18: the address with its flat and access notes, to the order's own customer only
  // (anyone holding the link sees nothing personal).
  const customer = await getCurrentCustomer(context.services, {
    cookie: request.headers.get('cookie'),
  });
  const own = customer
    ? await findOrderToRepeat(context.services, { customerId: customer.id, orderId: params.id })
    : null;
  return { order, address: own ? { lines: own.lines, access_notes: own.access_notes } : null };
}

export function headers() {
  return { 'Cache-Control': 'private, no-store' };
}

export function meta({ matches }: Route.MetaArgs) {
  return seo(matches, {
    title: 'Order confirmed',
    description: 'Your collection is booked.',
    path: '/order/complete',
    noindex: true,
  });
}

function londonWindow(startIso: string, endIso: string) {
  const start = DateTime.fromISO(startIso, { zone: LONDON_ZONE });
  const end = DateTime.fromISO(endIso, { zone: LONDON_ZONE });
  return `${start.toFormat('cccc d LLLL yyyy')}, ${start.toFormat('HH:mm')} to ${end.toFormat('HH:mm')}`;
}

/**
 * What the payment page said beside saving the card (its reply's `notice`, by code), passed in
 * the navigation's state: read after hydration, as the server renders without it.
 */
function usePaymentNotice(): string | null {
  const { state } = useLocation();
  const [notice, setNotice] = useState<string | null>(null);
  useEffect(() => {
    const sent = (state as { notice?: { code?: unknown; message?: unknown } } | null)?.notice;
    setNotice(
      sent?.code === 'app-offer-card-used' && typeof sent.message === 'string'
        ? sent.message
        : null,
    );
  }, [state]);
  return notice;
}

/** /order/complete/{id}: order number, date and delivery window; the conversion fires once. */
export default function OrderComplete({ loaderData }: Route.ComponentProps) {
  const { order, address } = loaderData;
  const brand = useRootData()!.brand;
  const notice = usePaymentNotice();
  useEffect(() => {
    trackConversionOnce(order.order_id);
    // The booking is done: the home form starts afresh (it kept the choice for a return).
    clearBooking();
  }, [order.order_id]);
  return (
    <main id="main" className="bg-slate-50 px-4 py-12">
      <div className="mx-auto max-w-xl rounded-2xl border border-slate-200 bg-white p-8 text-center shadow-sm">
        <div
          aria-hidden="true"
          className="mx-auto flex h-14 w-14 items-center justify-center rounded-full bg-emerald-100 text-2xl text-emerald-700"
        >
          ✓
        </div>
        <h1 className="mt-4 text-2xl font-bold text-slate-900">Thank you, your order is booked</h1>
        {notice ? (
          <p
            role="status"
            className="mt-4 rounded-lg border border-amber-300 bg-amber-50 p-3 text-left text-sm text-amber-900"
          >
            {notice}
          </p>
        ) : null}
        <dl className="mt-6 space-y-3 text-left">
          <div className="flex justify-between gap-4 border-b border-slate-100 pb-2">
            <dt className="text-slate-500">Order number</dt>
            <dd className="font-semibold">{order.order_no}</dd>
          </div>
          <div className="flex justify-between gap-4 border-b border-slate-100 pb-2">
            <dt className="text-slate-500">Order date</dt>
            <dd className="font-semibold">{order.order_date}</dd>
          </div>
          <div className="flex justify-between gap-4 border-b border-slate-100 pb-2">
            <dt className="text-slate-500">Collection</dt>
            <dd className="text-right font-semibold">
              {londonWindow(order.pickup_start_date, order.pickup_end_date)}
            </dd>
          </div>
          <div className="flex justify-between gap-4">
            <dt className="text-slate-500">Delivery</dt>
            <dd className="text-right font-semibold">
              {londonWindow(order.delivery_start_date, order.delivery_end_date)}
            </dd>
          </div>
          {order.discount && (
            <div className="flex justify-between gap-4 border-t border-slate-100 pt-2">
              <dt className="text-slate-500">Discount</dt>
              <dd className="text-right font-semibold text-emerald-700">{order.discount}</dd>
            </div>
          )}
          {address ? (
            <div className="flex justify-between gap-4 border-t border-slate-100 pt-2">
              <dt className="text-slate-500">Address</dt>
              <dd className="text-right font-semibold whitespace-pre-line">
                {address.lines.join('\n')}
              </dd>
            </div>
          ) : null}
          {address?.access_notes ? (
            <div className="flex justify-between gap-4">
              <dt className="text-slate-500">Access notes</dt>
              <dd className="text-right font-semibold break-words">{address.access_notes}</dd>
            </div>
          ) : null}
        </dl>
        {order.estimate && (
          <div className="mt-6">
            <OrderEstimateSummary estimate={order.estimate} title="Your estimate" />
          </div>
        )}
        <p className="mt-6 text-sm text-slate-600">
          We have e-mailed your confirmation. To change or cancel, use your account or call{' '}
          <a href={`tel:${brand.phoneE164}`} className="font-semibold text-brand underline">
            {brand.phone}
          </a>{' '}
          up to 2 hours before collection.
        </p>
        <div className="mt-6 flex flex-col justify-center gap-3 sm:flex-row">
          <a href={order.tracking_path} className="btn-secondary">
            Track your order
          </a>
          <Link to="/" className="btn-primary">
            Back To Home
          </Link>
        </div>
      </div>
    </main>
  );
}
