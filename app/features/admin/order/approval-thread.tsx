import { routes } from '@shared/api/routes';
import { useState } from 'react';
import { ActionFeedback, londonDateTime } from '../ui';
import type { AdminAction, AdminOrderView } from './admin-order';

/**
 * Approval and messages (issue 15): where the latest approval request stands, sending it
 * again, the thread with the customer, and the answer, e-mailed (with the link to approve
 * while the order waits for it).
 */
export function ApprovalThread({
  order,
  run,
  busy,
  feedback,
}: { order: AdminOrderView } & AdminAction) {
  const [answer, setAnswer] = useState('');
  return (
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
      <ActionFeedback feedback={feedback} of={[routes.admin.resendApproval]} />
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
              <p className="text-xs font-semibold text-slate-600">
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
        <p className="text-xs text-slate-600">
          Saved on the order and e-mailed to {order.customer_email}
          {order.awaiting_approval ? ', with the link to approve' : ''}.
        </p>
        <button type="submit" className="btn-primary py-2" disabled={busy}>
          Send answer
        </button>
        <ActionFeedback feedback={feedback} of={[routes.admin.answer]} />
      </form>
    </section>
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
