import { routes } from '@shared/api/routes';
import { useState } from 'react';
import { TextField } from '~/components/form';
import { FeedbackBanner, useAdminAction } from '../ui';

/**
 * A refund in part or whole of what was paid (owner only): through the provider that took
 * it, with a credit note e-mailed to the customer. Asks once more before money leaves.
 */
export function RefundForm({ orderId, paid }: { orderId: string; paid: string }) {
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
