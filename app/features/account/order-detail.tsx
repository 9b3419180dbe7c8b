import { useState, useTransition } from 'react';
import { Link, useActionData, useRevalidator, useSearchParams } from 'react-router';
import type { CustomerOrderView as CustomerOrder } from '@server/use-cases/orders/present-order-for-customer';
import { routes } from '@shared/api/routes';
import { call } from '~/utils/api-client';
import { Notice } from '~/components/form/form-field';
import { OrderDocuments } from '~/components/order-documents';
import { OrderEstimateSummary } from '~/components/order-estimate';
import { payNowHref, showPayNow } from './order-rules';
import { ApprovalNotice } from './approval-notice';
import { OrderIntakeReport } from './intake-report';
import type { IntakeReportView } from '@server/use-cases/intake-report/present-intake-report';
import { OrderTexts } from './order-texts';

const CANCELLABLE = ['pending', 'pending payment'];

export function StatusBadge({ status }: { status: string }) {
  const tone =
    status === 'cancelled'
      ? 'bg-slate-100 text-slate-600'
      : status === 'delivered'
        ? 'bg-emerald-100 text-emerald-800'
        : status === 'pending payment'
          ? 'bg-amber-100 text-amber-900'
          : 'bg-sky-100 text-sky-900';
  return (
    <span
      className={`inline-block rounded-full px-2.5 py-0.5 text-xs font-semibold uppercase ${tone}`}
    >
      {status}
    </span>
  );
}

/** Pay Now, Change collection or delivery (issue 18) and Cancel Order for one order. */
/** What the order page's cancel form answered when posted without scripts (its action). */
type CancelPosted =
  { ok: true; message: string } | { ok: false; errors: { message: string } } | null | undefined;

export function OrderActions({ order, phone }: { order: CustomerOrder; phone: string }) {
  const revalidator = useRevalidator();
  // Before scripts run, "Cancel Order" is a link to ?cancel, which the server opens the
  // confirmation for, and "Yes, cancel order" posts the page's form (cancel-order.server.ts).
  const [searchParams] = useSearchParams();
  const posted = useActionData() as CancelPosted;
  const [confirming, setConfirming] = useState(() => searchParams.has('cancel') && !posted);
  // React 19: the cancel call is an async transition, its pending state is the button's.
  const [busy, startCancel] = useTransition();
  const [result, setResult] = useState<{ ok: boolean; text: string } | null>(() =>
    posted ? { ok: posted.ok, text: posted.ok ? posted.message : posted.errors.message } : null,
  );
  const canAskCancel = CANCELLABLE.includes(order.status);
  const canChange = order.can_change.collection || order.can_change.delivery;
  if (!showPayNow(order) && !canAskCancel && !canChange && !result) return null;

  function cancel() {
    if (!order.can_cancel) {
      setConfirming(false);
      setResult({
        ok: false,
        text: `Orders can be cancelled up to 2 hours before collection, so this one can no longer be cancelled online. Please call us on ${phone} and we will help.`,
      });
      return;
    }
    startCancel(async () => {
      const reply = await call(routes.accounts.cancelOrder, { params: { id: order.id } });
      startCancel(() => {
        setConfirming(false);
        setResult({ ok: reply.ok, text: reply.ok ? reply.data.message : reply.error.message });
      });
      if (reply.ok) await revalidator.revalidate();
    });
  }

  return (
    <div className="space-y-3">
      {result ? <Notice tone={result.ok ? 'success' : 'error'}>{result.text}</Notice> : null}
      <div className="flex flex-wrap gap-3">
        {showPayNow(order) ? (
          <Link className="btn-primary bg-brand" to={payNowHref(order)}>
            Pay Now
          </Link>
        ) : null}
        {order.can_change.collection ? (
          <a className="btn-secondary" href={`/order/reschedule/${order.id}?leg=collection`}>
            Change collection
          </a>
        ) : null}
        {order.can_change.delivery ? (
          <a className="btn-secondary" href={`/order/reschedule/${order.id}?leg=delivery`}>
            Change delivery
          </a>
        ) : null}
        {canAskCancel && !confirming ? (
          <form
            method="get"
            onSubmit={(event) => {
              event.preventDefault();
              setConfirming(true);
            }}
          >
            <button type="submit" name="cancel" value="" className="btn-secondary">
              Cancel Order
            </button>
          </form>
        ) : null}
      </div>
      {confirming ? (
        <div
          role="group"
          aria-label="Confirm cancellation"
          className="rounded-md border border-slate-200 bg-slate-50 p-4 text-sm"
        >
          <p className="font-medium text-slate-800">
            Cancel order {order.order_no}? We will not come to collect it.
          </p>
          <form
            method="post"
            className="mt-3 flex flex-wrap gap-3"
            onSubmit={(event) => {
              event.preventDefault();
              cancel();
            }}
          >
            <input type="hidden" name="intent" value="cancel" />
            <button type="submit" className="btn-primary bg-brand" disabled={busy}>
              {busy ? 'Cancelling…' : 'Yes, cancel order'}
            </button>
            {/* Without scripts: back to the order page as it was (a GET of no fields). */}
            <button
              type="submit"
              formMethod="get"
              formNoValidate
              className="btn-secondary"
              onClick={(event) => {
                event.preventDefault();
                setConfirming(false);
              }}
            >
              Keep order
            </button>
          </form>
        </div>
      ) : null}
    </div>
  );
}

/** Items with Subtotal, Discount and Total (total = subtotal − discount), in pounds. */
export function ItemsTable({ order }: { order: CustomerOrder }) {
  return (
    <div className="overflow-x-auto">
      <table className="w-full min-w-[18rem] text-left text-sm">
        <caption className="sr-only">Items of order {order.order_no}</caption>
        <thead className="border-b border-slate-200 text-xs text-slate-500 uppercase">
          <tr>
            <th scope="col" className="py-2 pr-3 font-semibold">
              Item
            </th>
            <th scope="col" className="py-2 pr-3 text-right font-semibold">
              Qty
            </th>
            <th scope="col" className="py-2 pr-3 text-right font-semibold">
              Price
            </th>
            <th scope="col" className="py-2 text-right font-semibold">
              Total
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {order.items.length === 0 ? (
            <tr>
              <td colSpan={4} className="py-3 text-slate-500">
                Items are added once we have collected and checked your order.
              </td>
            </tr>
          ) : (
            order.items.map((item, i) => (
              <tr key={i}>
                <td className="py-2 pr-3">{item.item_name}</td>
                <td className="py-2 pr-3 text-right">{item.quantity}</td>
                <td className="py-2 pr-3 text-right">£{item.price}</td>
                <td className="py-2 text-right">£{item.line_total}</td>
              </tr>
            ))
          )}
        </tbody>
        <tfoot className="border-t border-slate-200">
          <tr>
            <th
              scope="row"
              colSpan={3}
              className="py-1.5 pr-3 text-right font-medium text-slate-600"
            >
              Subtotal
            </th>
            <td className="py-1.5 text-right">£{order.subtotal}</td>
          </tr>
          <tr>
            <th
              scope="row"
              colSpan={3}
              className="py-1.5 pr-3 text-right font-medium text-slate-600"
            >
              Discount
            </th>
            <td className="py-1.5 text-right">−£{order.price_discount}</td>
          </tr>
          <tr>
            <th scope="row" colSpan={3} className="py-1.5 pr-3 text-right font-semibold">
              {order.refunds.length ? 'Charged' : 'Total'}
            </th>
            <td className="py-1.5 text-right font-semibold">£{order.charged_total}</td>
          </tr>
          {/* A refund is money given back, never a discount (walkthrough 9). */}
          {order.refunds.map((r) => (
            <tr key={r.credit_note}>
              <th
                scope="row"
                colSpan={3}
                className="py-1.5 pr-3 text-right font-medium text-slate-600"
              >
                Refunded (credit note {r.credit_note})
              </th>
              <td className="py-1.5 text-right">−£{r.amount}</td>
            </tr>
          ))}
        </tfoot>
      </table>
    </div>
  );
}

/** The order detail of spec 2 (desktop and mobile). */
export function OrderDetail({
  order,
  phone,
  intakeReport,
  claims,
}: {
  order: CustomerOrder;
  phone: string;
  intakeReport: IntakeReportView | null;
  /** The claims entry (issue 34), given by the page: a feature of its own. */
  claims?: React.ReactNode;
}) {
  // The page's heading (AccountFrame's title) names the order; here its status and the way back.
  return (
    <section aria-label={`Order ${order.order_no}`} className="space-y-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <Link to="/account/orders" className="text-sm font-medium text-brand underline">
          ← Back to orders
        </Link>
        <StatusBadge status={order.status} />
      </div>
      <div className="flex flex-col gap-3 sm:flex-row sm:flex-wrap">
        <TrackOrderLink href={order.tracking_path} />
        {/* Issue 18: the same address, flat, access notes and notes on the home form. */}
        <a href={`/?again=${order.id}#order`} className="btn-secondary min-h-11 w-full sm:w-auto">
          Book again
        </a>
        {order.status === 'delivered' ? (
          // Issue 18: rate a delivered order, or see the review already given (decision 038).
          <a href={`/review/${order.id}`} className="btn-primary min-h-11 w-full sm:w-auto">
            Rate this order
          </a>
        ) : null}
      </div>
      <dl className="grid gap-4 rounded-lg border border-slate-200 p-4 text-sm sm:grid-cols-2">
        <div>
          <dt className="text-slate-500">Order number</dt>
          <dd className="font-medium">{order.order_no}</dd>
        </div>
        <div>
          <dt className="text-slate-500">Order date</dt>
          <dd className="font-medium">{order.order_date}</dd>
        </div>
        <div>
          <dt className="text-slate-500">Status</dt>
          <dd className="font-medium">{order.status.toUpperCase()}</dd>
        </div>
        <div>
          <dt className="text-slate-500">Payment method</dt>
          <dd className="font-medium">{order.payment_method}</dd>
        </div>
        <div>
          <dt className="text-slate-500">
            {order.channel === 'counter' ? 'Handed in' : 'Collection'}
          </dt>
          <dd className="font-medium">{order.pickup_display}</dd>
        </div>
        <div>
          <dt className="text-slate-500">{order.channel === 'counter' ? 'Ready' : 'Delivery'}</dt>
          <dd className="font-medium">{order.delivery_display}</dd>
        </div>
        <div>
          <dt className="text-slate-500">Address</dt>
          <dd className="font-medium whitespace-pre-line">{order.shipping_address}</dd>
        </div>
        <div>
          <dt className="text-slate-500">Phone</dt>
          <dd className="font-medium">{order.customer_phone}</dd>
        </div>
        <div>
          <dt className="text-slate-500">Amount due</dt>
          <dd className="text-lg font-semibold text-brand">£{order.amount_due}</dd>
        </div>
      </dl>
      <ApprovalNotice order={order} />
      <ItemsTable order={order} />
      <OrderIntakeReport orderId={order.id} report={intakeReport} phone={phone} />
      {claims}
      {order.estimate && (
        <OrderEstimateSummary
          estimate={order.estimate}
          title="Your estimate at booking"
          level={3}
        />
      )}
      <OrderDocuments documents={order.documents} />
      <OrderTexts order={order} />
      <OrderActions order={order} phone={phone} />
    </section>
  );
}

/** The order's tracking page (issue 16): its timeline, step by step. */
function TrackOrderLink({ href }: { href: string }) {
  return (
    <a href={href} className="btn-secondary min-h-11 w-full sm:w-auto">
      Track your order
    </a>
  );
}
