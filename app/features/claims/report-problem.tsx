import { Link } from 'react-router';
import type { ClaimableOrder } from '~/server/claims.server';
import { claimItemKindLabels } from '@shared/claims/window';
import { claimFormPath, claimPagePath } from './claim-paths';

/*
 * The entry to claims on an order's page (issue 34): "Report a problem" while a window is
 * open, with when each kind closes; when every window has closed, when; and the order's
 * claims with their state.
 */

/** When the claim windows of an order closed (no form any more). */
export function WindowClosed({ order, phone }: { order: ClaimableOrder; phone?: string }) {
  return (
    <p className="rounded-md border border-amber-200 bg-amber-50 p-4 text-sm text-amber-950">
      {`Problems with this order could be reported online until ${order.closed_display ?? 'recently'}. Please call us${phone ? ` on ${phone}` : ''} and we will look into it.`}
    </p>
  );
}

export function ReportProblem({
  order,
  phone,
  token = null,
}: {
  order: ClaimableOrder;
  phone: string;
  /** The intake report link's, for a visitor with no session (the claims pages keep it). */
  token?: string | null;
}) {
  const link = { orderId: order.order_id, token };
  const open = order.windows.filter((w) => w.state === 'open');
  if (!order.open && !order.closed_display && order.claims.length === 0) return null;
  return (
    <section
      aria-labelledby="claims-title"
      className="space-y-3 rounded-lg border border-slate-200 p-4"
    >
      <h2 id="claims-title" className="text-lg font-semibold">
        A problem with a garment?
      </h2>
      {order.open && order.garments.length > 0 ? (
        <>
          <ul className="space-y-1 text-sm text-slate-700">
            {open.map((w) => (
              <li key={w.kind}>{`${claimItemKindLabels[w.kind]}: until ${w.ends_display}`}</li>
            ))}
          </ul>
          <Link to={claimFormPath(link)} className="btn-primary min-h-11 w-full sm:w-auto">
            Report a problem
          </Link>
        </>
      ) : order.closed_display ? (
        <WindowClosed order={order} phone={phone} />
      ) : null}
      {order.claims.length > 0 ? (
        <ul aria-label="Your claims on this order" className="divide-y divide-slate-100 text-sm">
          {order.claims.map((c) => (
            <li key={c.id} className="flex flex-wrap items-center justify-between gap-2 py-2">
              <Link to={claimPagePath(link, c.id)} className="font-medium text-brand underline">
                {`Claim ${c.id}`}
              </Link>
              <span className="rounded-full bg-slate-100 px-2.5 py-0.5 text-xs font-semibold text-slate-700">
                {c.status_label}
              </span>
            </li>
          ))}
        </ul>
      ) : null}
    </section>
  );
}
