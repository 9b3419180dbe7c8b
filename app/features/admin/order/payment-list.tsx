import { londonDateTime } from '../ui';
import type { AdminOrderView } from './admin-order';

/** The order's payments, card set-ups and refunds, oldest first, with how each went. */
export function PaymentList({ payments }: { payments: AdminOrderView['payments'] }) {
  if (payments.length === 0) return null;
  return (
    <div>
      <h3 className="font-semibold">Payments</h3>
      <ul className="mt-1 text-sm">
        {payments.map((p, i) => (
          <li key={i}>
            {londonDateTime(p.at)} · {p.kind} · {p.provider} · £{p.amount} ·{' '}
            <strong>{p.status}</strong>
            {p.card ? ` · ${p.card}` : ''}
            {p.message ? ` · ${p.message}` : ''}
          </li>
        ))}
      </ul>
    </div>
  );
}
