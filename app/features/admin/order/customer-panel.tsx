import { paymentStateWords } from '@shared/payment-state';
import { Link } from 'react-router';
import { OrderEstimateSummary } from '~/components/order-estimate';
import type { AdminOrderView } from './admin-order';
import type { CustomerPanelData } from './customer-panel.server';

/**
 * Who the order is for and when: contact, address, notes, access and care, the repeat
 * collection it came from, the windows, the price cap, how it is paid, and the estimate.
 */
export function CustomerPanel({
  order,
  cap,
  approved,
  repeat,
}: {
  order: AdminOrderView;
} & CustomerPanelData) {
  return (
    <section className="card space-y-2 lg:col-span-1" aria-label="Customer and slots">
      <h2 className="text-lg font-semibold">Customer</h2>
      <p className="font-medium">{order.customer_name}</p>
      <p className="text-sm">
        <a href={`tel:${order.customer_phone}`}>{order.customer_phone}</a> ·{' '}
        <a href={`mailto:${order.customer_email}`}>{order.customer_email}</a>
      </p>
      <p className="text-sm whitespace-pre-line text-slate-700">{order.address_lines.join('\n')}</p>
      {order.notes ? <p className="text-sm text-amber-800">Note: {order.notes}</p> : null}
      {order.access_notes ? (
        <p className="text-sm text-amber-800">Access: {order.access_notes}</p>
      ) : null}
      {order.care.length > 0 ? (
        <div className="rounded-md bg-sky-50 px-3 py-2 text-sm text-sky-950">
          <p className="font-semibold">Garment care</p>
          <ul className="mt-1 list-disc pl-5">
            {order.care.map((line) => (
              <li key={line}>{line}</li>
            ))}
          </ul>
        </div>
      ) : null}
      {repeat ? (
        <p className="rounded-md bg-violet-50 px-3 py-2 text-sm text-violet-950">
          Repeat collection: {repeat.summary}
          {repeat.status === 'active'
            ? ''
            : ` (${repeat.status}${repeat.paused_until_display ? ` until ${repeat.paused_until_display}` : ''})`}
        </p>
      ) : null}
      <dl className="mt-3 grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
        <dt className="text-slate-500">Collection</dt>
        <dd>{order.pickup_display}</dd>
        <dt className="text-slate-500">Delivery</dt>
        <dd>{order.delivery_display}</dd>
        <dt className="text-slate-500">Cap</dt>
        <dd>
          {cap
            ? `${cap}${approved ? ` · approved up to ${approved}` : ''}`
            : 'None (charged as before)'}
        </dd>
        <dt className="text-slate-500">Payment</dt>
        <dd>
          {order.saved_card
            ? `Card saved (${order.saved_card.brand ?? 'card'} ····${order.saved_card.last4 ?? ''})`
            : order.payment_method === 'paypal'
              ? 'PayPal verified'
              : 'No card saved'}{' '}
          · {paymentStateWords(order.payment_state)}
        </dd>
      </dl>
      {order.estimate ? (
        <OrderEstimateSummary
          estimate={order.estimate}
          title="Stated at booking"
          audience="staff"
        />
      ) : (
        <p className="text-sm text-slate-500">No estimate or price cap (placed before them).</p>
      )}
      {order.customer_id ? (
        <Link
          to={`/admin/customers?id=${order.customer_id}`}
          className="text-sm text-brand underline"
        >
          Customer record
        </Link>
      ) : null}
    </section>
  );
}
