import { routes } from '@shared/api/routes';
import { useEffect, useMemo, useState } from 'react';
import { data, Link } from 'react-router';
import { moveLabel } from '@shared/order-pipeline';
import type { OrderStatus } from '@shared/order-status';
import { formatPence, parsePounds } from '@shared/money';
import { adminOrderDetail, documentLinks, listOrderDocuments } from '~/server/orders.server';
import { adminOrderView } from '~/server/orders.server';
import { planOfOrder } from '~/server/recurring.server';
import { priceList as loadPriceList } from '~/server/catalogue.server';
import { requireStaffPage } from '~/features/admin/guard.server';
import { OrderDocuments } from '~/components/order-documents';
import { TextField } from '~/components/form';
import {
  ApprovalPill,
  RepeatPill,
  FeedbackBanner,
  londonDateTime,
  StatusPill,
  useAdminAction,
  PriceListOptions,
} from '~/features/admin/ui';
import { OrderEstimateSummary } from '~/components/order-estimate';
import { intakeView, listGarments } from '~/server/intake.server';
import { IntakeLines, IntakePanel } from '~/features/admin/intake-panel';
import { TagScan } from '~/features/admin/tag-scan';
import { IntakeReportPanel } from '~/features/admin/intake-report-panel';
import { TextList } from '~/features/admin/text-list';
import { adminIntakeReport, adminIntakeReportView } from '~/server/intake-report.server';
import type { Route } from './+types/order';

export async function loader({ context, request, params, url }: Route.LoaderArgs) {
  const { services } = context;
  const staff = await requireStaffPage(services, { request, url });
  if (!/^[0-9a-f-]{36}$/i.test(params.id)) throw data('Not found', { status: 404 });
  const order = await adminOrderDetail(services, { id: params.id }).then(
    (d) => adminOrderView(services.config.brand, d),
    () => null,
  );
  if (!order) throw data('Not found', { status: 404 });
  const priceList = await loadPriceList(services.db);
  const documents = documentLinks(
    `/admin/orders/${order.id}`,
    await listOrderDocuments(services, { orderId: order.id }),
  );
  const intake = intakeView(
    services.config.brand,
    await listGarments(services, { orderId: order.id }),
  );
  const intakeReport = adminIntakeReportView(
    await adminIntakeReport(services, { orderId: order.id }),
  );
  // Issue 18: the repeat collection the order came from.
  const repeat = await planOfOrder(services, { orderId: order.id });
  return {
    order,
    priceList,
    documents,
    owner: staff.role === 'owner',
    intake,
    intakeReport,
    repeat,
  };
}

type Line = { service_id: number; quantity: number; unit_price: string };

export default function AdminOrder({ loaderData }: Route.ComponentProps) {
  const { order, priceList, documents, owner, intake, repeat } = loaderData;
  const { run, busy, feedback } = useAdminAction();
  const services = useMemo(
    () =>
      priceList.flatMap((c) =>
        c.services.map((s) => ({
          id: s.id,
          name: s.service_name,
          price: s.price,
          category: c.name,
        })),
      ),
    [priceList],
  );
  const [lines, setLines] = useState<Line[]>(
    order.items
      .filter((i) => i.kind === 'service' && i.service_id !== null)
      .map((i) => ({ service_id: i.service_id!, quantity: i.quantity, unit_price: i.price })),
  );
  const [discount, setDiscount] = useState(order.discount);
  // A refund raises the saved discount (decision 023): the editor follows it, or saving the
  // items afterwards would put back the old discount and charge the refund again.
  useEffect(() => setDiscount(order.discount), [order.discount]);
  const [adding, setAdding] = useState<string>('');
  const [answer, setAnswer] = useState('');
  /** The items waiting for a decision: the new total is below what was paid. */
  const [needsSettling, setNeedsSettling] = useState(false);

  const itemsBody = () => ({
    lines: lines.map((l) => ({
      service_id: l.service_id,
      quantity: l.quantity,
      ...(services.find((s) => s.id === l.service_id)?.price === '0.00'
        ? { unit_price: l.unit_price }
        : {}),
    })),
    discount: discount || '0',
  });
  async function saveItems(settle?: 'refund' | 'credit') {
    const { reply } = await run(routes.admin.setItems, {
      params: { id: order.id },
      body: { ...itemsBody(), ...(settle ? { settle } : {}) },
    });
    setNeedsSettling(!reply.ok && reply.status === 422 && Boolean(reply.error.errors?.settle));
  }

  const preview = lines.reduce((sum, l) => {
    const listed = services.find((s) => s.id === l.service_id);
    const price = listed && listed.price !== '0.00' ? listed.price : l.unit_price;
    return sum + (parsePounds(price) ?? 0) * l.quantity;
  }, 0);

  function addLine() {
    const id = Number(adding);
    if (!id) return;
    const listed = services.find((s) => s.id === id);
    setLines((ls) => [...ls, { service_id: id, quantity: 1, unit_price: listed?.price ?? '0.00' }]);
    setAdding('');
  }

  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-center gap-3">
        <Link to="/admin/orders" className="text-sm text-brand underline">
          ← Orders
        </Link>
        <h1 className="text-2xl font-bold">Order {order.order_no}</h1>
        <StatusPill status={order.status} />
        {order.awaiting_approval ? <ApprovalPill /> : null}
        {repeat ? <RepeatPill /> : null}
      </div>
      <FeedbackBanner feedback={feedback} />
      <TagScan className="max-w-xl" />

      <div className="grid gap-6 lg:grid-cols-3">
        <section className="card space-y-2 lg:col-span-1" aria-label="Customer and slots">
          <h2 className="text-lg font-semibold">Customer</h2>
          <p className="font-medium">{order.customer_name}</p>
          <p className="text-sm">
            <a href={`tel:${order.customer_phone}`}>{order.customer_phone}</a> ·{' '}
            <a href={`mailto:${order.customer_email}`}>{order.customer_email}</a>
          </p>
          <p className="text-sm whitespace-pre-line text-slate-700">
            {order.address_lines.join('\n')}
          </p>
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
              {order.price_cap
                ? `£${order.price_cap}${order.approved ? ` · approved up to £${order.approved}` : ''}`
                : 'None (charged as before)'}
            </dd>
            <dt className="text-slate-500">Payment</dt>
            <dd>
              {order.saved_card
                ? `Card saved (${order.saved_card.brand ?? 'card'} ····${order.saved_card.last4 ?? ''})`
                : order.payment_method === 'paypal'
                  ? 'PayPal verified'
                  : 'No card saved'}{' '}
              · {order.payment_state}
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

        <section className="card space-y-3 lg:col-span-2" aria-label="Status">
          <h2 className="text-lg font-semibold">Status</h2>
          {order.next_statuses.length ? (
            <div className="flex flex-wrap gap-2">
              {order.next_statuses.map((to) => (
                <button
                  key={to}
                  type="button"
                  disabled={busy}
                  className={to === 'cancelled' ? 'btn-secondary py-2' : 'btn-primary py-2'}
                  onClick={() => {
                    if (to === 'cancelled' && !window.confirm(`Cancel ${order.order_no}?`)) return;
                    void run(routes.admin.moveOrder, {
                      params: { id: order.id },
                      body: { to, from: order.status },
                    });
                  }}
                >
                  {moveLabel(to as OrderStatus)}
                </button>
              ))}
            </div>
          ) : (
            <p className="text-sm text-slate-600">
              This order is {order.status}: nothing more to do.
            </p>
          )}
          <ol className="border-l-2 border-slate-200 pl-4 text-sm">
            {order.events.map((e, i) => (
              <li key={i} className="py-0.5">
                <span className="font-medium">{e.to}</span>{' '}
                <span className="text-slate-500">
                  {londonDateTime(e.at)} · {e.actor}
                </span>
              </li>
            ))}
          </ol>
        </section>
      </div>

      <IntakePanel orderId={order.id} intake={intake} priceList={priceList} care={order.care} />

      <section className="card space-y-4" aria-labelledby="items-title">
        <h2 id="items-title" className="text-lg font-semibold">
          Items and invoice
        </h2>
        {intake.garments.length ? (
          <IntakeLines items={order.items} />
        ) : order.can_itemise ? (
          <>
            <table className="w-full text-left text-sm">
              <thead className="text-xs text-slate-600 uppercase">
                <tr>
                  <th className="py-2">Item</th>
                  <th className="py-2">Quantity</th>
                  <th className="py-2">Price (£)</th>
                  <th className="py-2" />
                </tr>
              </thead>
              <tbody>
                {lines.map((line, index) => {
                  const listed = services.find((s) => s.id === line.service_id);
                  const onRequest = listed?.price === '0.00';
                  return (
                    <tr key={index} className="border-t border-slate-100">
                      <td className="py-2 pr-2">{listed?.name ?? 'Unknown item'}</td>
                      <td className="py-2 pr-2">
                        <input
                          aria-label={`Quantity of ${listed?.name ?? 'item'}`}
                          type="number"
                          min={1}
                          className="field-input w-20 py-1.5"
                          value={line.quantity}
                          onChange={(e) =>
                            setLines((ls) =>
                              ls.map((l, i) =>
                                i === index ? { ...l, quantity: Number(e.target.value) } : l,
                              ),
                            )
                          }
                        />
                      </td>
                      <td className="py-2 pr-2">
                        {onRequest ? (
                          <input
                            aria-label={`Agreed price of ${listed?.name ?? 'item'}`}
                            inputMode="decimal"
                            className="field-input w-28 py-1.5"
                            value={line.unit_price === '0.00' ? '' : line.unit_price}
                            placeholder="on request"
                            onChange={(e) =>
                              setLines((ls) =>
                                ls.map((l, i) =>
                                  i === index ? { ...l, unit_price: e.target.value } : l,
                                ),
                              )
                            }
                          />
                        ) : (
                          listed?.price
                        )}
                      </td>
                      <td className="py-2 text-right">
                        <button
                          type="button"
                          className="text-red-700 underline"
                          onClick={() => setLines((ls) => ls.filter((_, i) => i !== index))}
                        >
                          Remove
                        </button>
                      </td>
                    </tr>
                  );
                })}
              </tbody>
            </table>
            <div className="flex flex-wrap items-end gap-3">
              <div className="min-w-64 flex-1">
                <label htmlFor="add-item" className="field-label">
                  Add from the price list
                </label>
                <select
                  id="add-item"
                  className="field-input"
                  value={adding}
                  onChange={(e) => setAdding(e.target.value)}
                >
                  <PriceListOptions priceList={priceList} />
                </select>
              </div>
              <button type="button" className="btn-secondary py-2.5" onClick={addLine}>
                Add item
              </button>
              <div>
                <label htmlFor="discount" className="field-label">
                  Discount (£)
                </label>
                <input
                  id="discount"
                  inputMode="decimal"
                  className="field-input w-28"
                  value={discount}
                  onChange={(e) => setDiscount(e.target.value)}
                />
              </div>
              <button
                type="button"
                className="btn-primary py-2.5"
                disabled={busy}
                onClick={() => void saveItems()}
              >
                Save items
              </button>
            </div>
            {needsSettling ? (
              <div
                className="flex flex-wrap gap-2"
                role="group"
                aria-label="Money paid above the new total"
              >
                <button
                  type="button"
                  className="btn-primary py-2"
                  disabled={busy}
                  onClick={() => void saveItems('refund')}
                >
                  Save and refund the difference
                </button>
                <button
                  type="button"
                  className="btn-secondary py-2"
                  disabled={busy}
                  onClick={() => void saveItems('credit')}
                >
                  Save and keep it as account credit
                </button>
              </div>
            ) : null}
            <p className="text-sm text-slate-500">
              Lines before saving: £{formatPence(preview)}. The server applies the discount and the
              £25 minimum.
            </p>
          </>
        ) : (
          <p className="text-sm text-slate-600">
            Items are listed once the order is collected, until it leaves for delivery.
          </p>
        )}

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
                <td className="text-right">−£{order.discount}</td>
              </tr>
              <tr className="font-semibold">
                <td>Total</td>
                <td className="text-right">£{order.total}</td>
              </tr>
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
              <strong>Awaiting approval:</strong> £{order.total} is above the customer&apos;s cap of
              £{order.price_cap}. The card can be charged once they approve (they were e-mailed the
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
              disabled={busy || order.amount_due === '0.00' || !order.saved_card}
              onClick={() => void run(routes.admin.charge, { params: { id: order.id } })}
            >
              Charge saved card
            </button>
          </div>
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
            <p className="mt-2 text-xs text-slate-500">
              Invoice e-mailed {londonDateTime(order.invoiced_at)}.
            </p>
          ) : null}
        </div>

        <OrderDocuments documents={documents} />

        {owner && order.paid !== '0.00' && order.overpaid === '0.00' ? (
          <RefundForm orderId={order.id} paid={order.paid} />
        ) : null}

        {order.payments.length ? (
          <div>
            <h3 className="font-semibold">Payments</h3>
            <ul className="mt-1 text-sm">
              {order.payments.map((p, i) => (
                <li key={i}>
                  {londonDateTime(p.at)} · {p.kind} · {p.provider} · £{p.amount} ·{' '}
                  <strong>{p.status}</strong>
                  {p.card ? ` · ${p.card}` : ''}
                  {p.message ? ` · ${p.message}` : ''}
                </li>
              ))}
            </ul>
          </div>
        ) : null}
      </section>

      <IntakeReportPanel orderId={order.id} report={loaderData.intakeReport} />

      <section id="thread" className="card space-y-4" aria-labelledby="thread-title">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <h2 id="thread-title" className="text-lg font-semibold">
            Approval and messages
          </h2>
          {order.approval ? (
            <p className="text-sm text-slate-600" data-testid="approval-state">
              {approvalLine(order.approval)}
            </p>
          ) : null}
        </div>
        {order.awaiting_approval ? (
          <button
            type="button"
            className="btn-secondary py-2"
            disabled={busy}
            onClick={() => void run(routes.admin.resendApproval, { params: { id: order.id } })}
          >
            Send the approval request again
          </button>
        ) : null}
        {order.messages.length ? (
          <ol className="space-y-3">
            {order.messages.map((m, i) => (
              <li
                key={i}
                className={`max-w-2xl rounded-lg px-4 py-3 text-sm ${
                  m.author === 'customer'
                    ? 'border border-sky-200 bg-sky-50'
                    : 'ml-auto border border-slate-200 bg-white'
                }`}
              >
                <p className="text-xs font-semibold text-slate-500">
                  {m.author === 'customer' ? order.customer_name : 'Us'} · {londonDateTime(m.at)}
                </p>
                <p className="mt-1 whitespace-pre-line text-slate-800">{m.body}</p>
              </li>
            ))}
          </ol>
        ) : (
          <p className="text-sm text-slate-500">No messages on this order.</p>
        )}
        <form
          className="space-y-2"
          onSubmit={(e) => {
            e.preventDefault();
            void run(routes.admin.answer, {
              params: { id: order.id },
              body: { message: answer },
            }).then((r) => {
              if (r.ok) setAnswer('');
            });
          }}
        >
          <label htmlFor="answer" className="field-label">
            {order.messages.length ? 'Answer the customer' : 'Write to the customer'}
          </label>
          <textarea
            id="answer"
            rows={3}
            className="field-input"
            value={answer}
            onChange={(e) => setAnswer(e.target.value)}
          />
          <p className="text-xs text-slate-500">
            Saved on the order and e-mailed to {order.customer_email}
            {order.awaiting_approval ? ', with the link to approve' : ''}.
          </p>
          <button type="submit" className="btn-primary py-2" disabled={busy}>
            Send answer
          </button>
        </form>
      </section>

      <section id="texts" className="card space-y-4" aria-labelledby="texts-title">
        <h2 id="texts-title" className="text-lg font-semibold">
          Texts and replies
        </h2>
        {order.texts.length ? (
          <TextList texts={order.texts} showOrder={false} />
        ) : (
          <p className="text-sm text-slate-500">No texts about this order.</p>
        )}
      </section>
    </div>
  );
}

/**
 * A refund in part or whole of what was paid (owner only): through the provider that took
 * it, with a credit note e-mailed to the customer. Asks once more before money leaves.
 */
function RefundForm({ orderId, paid }: { orderId: string; paid: string }) {
  const { run, busy, feedback, setFeedback } = useAdminAction();
  const [amount, setAmount] = useState('');
  const [reason, setReason] = useState('');
  const [confirming, setConfirming] = useState(false);
  const errors = feedback && !feedback.ok ? (feedback.errors ?? {}) : {};
  return (
    <details className="rounded-lg border border-slate-200 p-3">
      <summary className="cursor-pointer font-semibold">Refund</summary>
      <form
        className="mt-3 space-y-3"
        onSubmit={(event) => {
          event.preventDefault();
          if (!confirming) {
            setFeedback(null);
            setConfirming(true);
            return;
          }
          void run(routes.admin.refund, {
            params: { id: orderId },
            body: { amount, reason },
          }).then(({ ok }) => {
            setConfirming(false);
            if (ok) {
              setAmount('');
              setReason('');
            }
          });
        }}
      >
        <p className="text-sm text-slate-600">
          Paid so far: £{paid}. The money goes back the way it came; the customer gets a credit note
          by e-mail.
        </p>
        <TextField
          id="refund-amount"
          label="Amount (£)"
          inputMode="decimal"
          className="max-w-40"
          value={amount}
          error={errors.amount?.[0]}
          onChange={(e) => {
            setAmount(e.target.value);
            setConfirming(false);
          }}
        />
        <TextField
          id="refund-reason"
          label="Reason (shown on the credit note)"
          maxLength={300}
          value={reason}
          error={errors.reason?.[0]}
          onChange={(e) => {
            setReason(e.target.value);
            setConfirming(false);
          }}
        />
        <FeedbackBanner feedback={feedback} />
        <button type="submit" className="btn-primary py-2" disabled={busy}>
          {confirming ? `Yes, refund £${amount || '0.00'} now` : 'Refund'}
        </button>
      </form>
    </details>
  );
}

/** Where the latest approval request stands, for staff. */
function approvalLine(a: {
  amount: string;
  answer: string | null;
  answered_via: string | null;
  requested_at: string;
  expires_at: string;
  reminded_at: string | null;
  answered_at: string | null;
}) {
  const asked = `£${a.amount} asked ${londonDateTime(a.requested_at)}`;
  if (a.answer === 'approved') {
    return `${asked} · approved ${londonDateTime(a.answered_at!)} by ${a.answered_via === 'account' ? 'their account' : 'the e-mailed link'}`;
  }
  if (a.answer === 'superseded') return `${asked} · replaced`;
  const reminded = a.reminded_at ? ` · reminded ${londonDateTime(a.reminded_at)}` : '';
  const expired = new Date(a.expires_at).getTime() < Date.now();
  return `${asked}${reminded} · ${a.answer === 'question' ? 'question asked' : 'no answer yet'} · link ${expired ? 'expired' : 'works until'} ${londonDateTime(a.expires_at)}`;
}
