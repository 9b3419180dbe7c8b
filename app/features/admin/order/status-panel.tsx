import { routes } from '@shared/api/routes';
import { moveLabel } from '@shared/order-pipeline';
import type { OrderStatus } from '@shared/order-status';
import { ActionFeedback, londonDateTime } from '../ui';
import type { AdminAction, AdminOrderView } from './admin-order';

/** Where the order stands: the moves it may make next (cancelling asks first), and its history. */
export function StatusPanel({
  order,
  run,
  busy,
  feedback,
}: { order: AdminOrderView } & AdminAction) {
  return (
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
        <p className="text-sm text-slate-600">This order is {order.status}: nothing more to do.</p>
      )}
      <ActionFeedback feedback={feedback} of={[routes.admin.moveOrder]} />
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
  );
}
