import { Form, Link } from 'react-router';
import type { CustomerOrderView as CustomerOrder } from '@server/use-cases/orders/present-order-for-customer';

/*
 * An order whose total is above the customer's cap waits for their approval (issue 15): the
 * account shows it with the same two actions as the e-mail. Approve is a plain post to the
 * approval page's action (works without JavaScript); Ask a question opens that page's form.
 */

export function ApprovalNotice({ order }: { order: CustomerOrder }) {
  const approval = order.awaiting_approval;
  if (!approval) return null;
  const page = `/order/approval/${approval.id}`;
  return (
    <section
      aria-labelledby={`approval-${order.id}`}
      className="rounded-xl border border-amber-300 bg-amber-50 p-4 text-amber-950 shadow-sm sm:p-5"
    >
      <div className="flex flex-wrap items-center gap-2">
        <span className="rounded-full bg-amber-200 px-2.5 py-0.5 text-xs font-semibold uppercase">
          Awaiting your approval
        </span>
        <h2 id={`approval-${order.id}`} className="font-semibold">
          Order {order.order_no} comes to £{approval.amount}
        </h2>
      </div>
      <p className="mt-2 text-sm">
        That is above the limit of £{approval.cap} you set when booking, so we will not charge your
        card until you approve it.
        {approval.asked ? ' We have your question and will answer by e-mail.' : ''}
      </p>
      <div className="mt-3 flex flex-wrap items-center gap-3">
        <Form method="post" action={page}>
          <input type="hidden" name="intent" value="approve" />
          <button type="submit" className="btn-primary py-2">
            Approve £{approval.amount}
          </button>
        </Form>
        <Link to={`${page}#question`} className="btn-secondary bg-white py-2">
          Ask a question
        </Link>
        <Link to={page} className="text-sm font-medium text-amber-950 underline">
          See the items
        </Link>
      </div>
    </section>
  );
}

/** Every order of the account waiting for approval, newest first. */
export function ApprovalNotices({ orders }: { orders: CustomerOrder[] }) {
  const waiting = orders.filter((o) => o.awaiting_approval);
  if (waiting.length === 0) return null;
  return (
    <div className="space-y-3">
      {waiting.map((o) => (
        <ApprovalNotice key={o.id} order={o} />
      ))}
    </div>
  );
}
