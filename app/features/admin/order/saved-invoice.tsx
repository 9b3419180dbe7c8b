import { routes } from '@shared/api/routes';
import { ActionFeedback, londonDateTime } from '../ui';
import type { AdminAction, AdminOrderView } from './admin-order';

/**
 * The invoice as saved: its lines and totals, what is paid and due, the approval it waits for,
 * e-mailing it and charging the saved card, money paid above the total (refund it or keep it
 * as credit), the account credit it made, and when it was e-mailed.
 */
export function SavedInvoice({
  order,
  run,
  busy,
  feedback,
}: { order: AdminOrderView } & AdminAction) {
  const cannotCharge = chargeRefusal(order);
  return (
    <div className="rounded-lg bg-slate-50 p-4">
      <h3 className="font-semibold">Saved invoice</h3>
      <table className="mt-2 w-full text-sm">
        <tbody>
          {order.items.map((i) => (
            <tr key={i.id} className={i.kind === 'minimum' ? 'text-amber-900' : ''}>
              <td className="py-0.5">
                {i.quantity} × {i.item_name}
              </td>
              <td className="py-0.5 text-right">£{i.line_total}</td>
            </tr>
          ))}
          <tr className="border-t border-slate-300">
            <td className="pt-1">Subtotal</td>
            <td className="pt-1 text-right">£{order.subtotal}</td>
          </tr>
          <tr>
            <td>Discount</td>
            <td className="text-right">−£{order.price_discount}</td>
          </tr>
          <tr className="font-semibold">
            <td>{order.refunds.length ? 'Charged' : 'Total'}</td>
            <td className="text-right">£{order.charged_total}</td>
          </tr>
          {/* A refund is money given back, never a discount (walkthrough 9). */}
          {order.refunds.map((r) => (
            <tr key={r.credit_note}>
              <td>Refunded (credit note {r.credit_note})</td>
              <td className="text-right">−£{r.amount}</td>
            </tr>
          ))}
          <tr>
            <td>Paid</td>
            <td className="text-right">£{order.paid}</td>
          </tr>
          <tr className="text-lg font-bold">
            <td>Amount due</td>
            <td className="text-right" data-testid="amount-due">
              £{order.amount_due}
            </td>
          </tr>
        </tbody>
      </table>
      {order.awaiting_approval ? (
        <p className="mt-3 rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950">
          <strong>Awaiting approval:</strong> £{order.total} is above the customer&apos;s cap of £
          {order.price_cap}. The card can be charged once they approve (they were e-mailed the
          invoice with Approve and Ask a question).
        </p>
      ) : null}
      <div className="mt-3 flex flex-wrap gap-2">
        <button
          type="button"
          className="btn-primary py-2"
          disabled={busy || order.amount_due === '0.00'}
          onClick={() => void run(routes.admin.invoice, { params: { id: order.id } })}
        >
          E-mail invoice
        </button>
        <button
          type="button"
          className="btn-secondary py-2"
          disabled={busy || cannotCharge !== null}
          aria-describedby={cannotCharge ? 'charge-refusal' : undefined}
          onClick={() => void run(routes.admin.charge, { params: { id: order.id } })}
        >
          Charge saved card
        </button>
      </div>
      {cannotCharge ? (
        <p id="charge-refusal" className="mt-2 text-sm text-slate-700">
          {cannotCharge}
        </p>
      ) : null}
      <ActionFeedback
        feedback={feedback}
        of={[routes.admin.invoice, routes.admin.charge, routes.admin.settle]}
      />
      {order.overpaid !== '0.00' ? (
        <div className="mt-3 rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950">
          <p className="font-semibold">£{order.overpaid} has been paid above the total.</p>
          <div className="mt-2 flex flex-wrap gap-2">
            <button
              type="button"
              className="btn-primary py-2"
              disabled={busy}
              onClick={() =>
                void run(routes.admin.settle, {
                  params: { id: order.id },
                  body: { how: 'refund' },
                })
              }
            >
              Refund £{order.overpaid}
            </button>
            <button
              type="button"
              className="btn-secondary py-2"
              disabled={busy}
              onClick={() =>
                void run(routes.admin.settle, {
                  params: { id: order.id },
                  body: { how: 'credit' },
                })
              }
            >
              Keep £{order.overpaid} as credit
            </button>
          </div>
        </div>
      ) : null}
      {order.credits.length ? (
        <ul className="mt-2 text-sm text-slate-700">
          {order.credits.map((c, i) => (
            <li key={i}>
              {londonDateTime(c.at)} · £{c.amount} account credit · {c.reason}
            </li>
          ))}
        </ul>
      ) : null}
      {order.invoiced_at ? (
        <p className="mt-2 text-xs text-slate-600">
          Invoice e-mailed {londonDateTime(order.invoiced_at)}.
        </p>
      ) : null}
    </div>
  );
}

/** Why the saved card cannot be charged now, said beside the button (walkthrough 5); null when it can. */
function chargeRefusal(order: AdminOrderView): string | null {
  if (order.amount_due === '0.00') return 'Nothing is due.';
  if (order.awaiting_approval) {
    return `Waiting for the customer to approve £${order.total}: the card can be charged once they do.`;
  }
  if (!order.saved_card)
    return 'No card is saved on this order: e-mail the invoice to be paid online.';
  return null;
}
