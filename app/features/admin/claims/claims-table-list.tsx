import { Link } from 'react-router';
import { claimStatusLabels } from '@shared/claims/claim';
import type { StaffClaimList } from '~/server/claims.server';

/*
 * The claims waiting on the shop (issue 34), oldest first with their age: the claims page's
 * table and the board's section. Overdue (past the promised answer time) stands out.
 */

export function ClaimAge({ hours, overdue }: { hours: number; overdue: boolean }) {
  const text = hours < 48 ? `${hours} h` : `${Math.floor(hours / 24)} days`;
  return (
    <span
      className={`inline-block rounded-full px-2.5 py-0.5 text-xs font-semibold whitespace-nowrap ${overdue ? 'bg-red-100 text-red-900' : hours >= 24 ? 'bg-amber-100 text-amber-950' : 'bg-slate-100 text-slate-800'}`}
    >
      {overdue ? `${text} · overdue` : text}
    </span>
  );
}

export function WaitingClaims({
  claims,
  compact = false,
}: {
  claims: StaffClaimList;
  compact?: boolean;
}) {
  if (claims.length === 0) {
    return <p className="px-5 py-6 text-sm text-slate-500">No claims wait on the shop.</p>;
  }
  return (
    <ol className="divide-y divide-slate-100" aria-label="Claims waiting, oldest first">
      {claims.map((c) => (
        <li
          key={c.id}
          className="flex flex-wrap items-center gap-x-4 gap-y-1 px-5 py-3"
          data-testid="waiting-claim"
        >
          <ClaimAge hours={c.age_hours} overdue={c.overdue} />
          <Link to={`/admin/claims/${c.id}`} className="font-semibold text-brand underline">
            {`Claim ${c.id} · ${c.order_no}`}
          </Link>
          <span className="text-sm text-slate-700">{claimStatusLabels[c.status]}</span>
          {compact ? null : (
            <>
              <span className="text-sm text-slate-600">{c.branch}</span>
              <span className="text-sm text-slate-600">{`Made ${c.made_display}`}</span>
              <span className="text-sm text-slate-600">{`Answer by ${c.answer_due_display}`}</span>
            </>
          )}
        </li>
      ))}
    </ol>
  );
}
