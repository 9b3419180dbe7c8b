import { useState } from 'react';
import { routes } from '@shared/api/routes';
import { ActionFeedback, londonDateTime } from '../ui';
import type { AdminAction, AdminOrderView } from './admin-order';

/**
 * The branch that processes the order (issue 32), moving it to another, and each move so far
 * (who, when, from where): the moves are audited on the server.
 */
export function BranchPanel({
  order,
  branches,
  run,
  busy,
  feedback,
}: { order: AdminOrderView; branches: { id: number; name: string }[] } & AdminAction) {
  const others = branches.filter((b) => b.id !== order.branch?.id);
  const [to, setTo] = useState(others[0]?.id ?? 0);
  return (
    <section className="card space-y-3" aria-labelledby="branch-title">
      <h2 id="branch-title" className="text-lg font-semibold">
        Branch
      </h2>
      <p data-testid="order-branch">
        {order.branch ? (
          <span className="font-semibold">{order.branch.name}</span>
        ) : (
          <span className="text-amber-800">No branch serves this postcode</span>
        )}
      </p>
      {others.length > 0 ? (
        <div className="flex flex-wrap items-end gap-2">
          <div>
            <label htmlFor="move-branch" className="field-label">
              Move to
            </label>
            <select
              id="move-branch"
              className="field-input min-h-11"
              value={to}
              onChange={(e) => setTo(Number(e.target.value))}
            >
              {others.map((b) => (
                <option key={b.id} value={b.id}>
                  {b.name}
                </option>
              ))}
            </select>
          </div>
          <button
            type="button"
            className="btn-secondary min-h-11"
            disabled={busy || !to}
            onClick={() =>
              void run(routes.admin.moveOrderBranch, {
                params: { id: order.id },
                body: { branch_id: to },
              })
            }
          >
            Move
          </button>
        </div>
      ) : null}
      <ActionFeedback feedback={feedback} of={[routes.admin.moveOrderBranch]} />
      {order.branch_moves.length > 0 ? (
        <ol className="border-l-2 border-slate-200 pl-4 text-sm">
          {order.branch_moves.map((m, i) => (
            <li key={i} className="py-0.5">
              {m.from ?? 'No branch'} → <span className="font-medium">{m.to}</span>{' '}
              <span className="text-slate-500">
                {londonDateTime(m.at)} · {m.by}
              </span>
            </li>
          ))}
        </ol>
      ) : null}
    </section>
  );
}
