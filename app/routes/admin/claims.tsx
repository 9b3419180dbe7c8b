import { Link } from 'react-router';
import { requireStaffScope } from '~/features/admin/guard.server';
import { WaitingClaims } from '~/features/admin/claims/claims-table-list';
import { waitingClaimsOf } from '~/features/admin/claims/claims-list.server';
import type { Route } from './+types/claims';

/*
 * The claims waiting on the shop (issue 34, decision 063 "Pages"): the finding, the owner's
 * sign-off, or a dispute; oldest first with their age and branch, in the branches the caller
 * works in. The claims table (what an offer is worked out from) is a link away.
 */

export async function loader({ context, request, url }: Route.LoaderArgs) {
  const { services } = context;
  const { staff, scope } = await requireStaffScope(services, { request, url });
  return {
    claims: await waitingClaimsOf(services, scope.branchIds),
    isOwner: staff.role === 'owner',
  };
}

export function meta() {
  return [{ title: 'Claims | Back office' }];
}

export default function AdminClaims({ loaderData }: Route.ComponentProps) {
  const { claims } = loaderData;
  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-bold">Claims</h1>
        <Link to="/admin/claims-table" className="btn-secondary min-h-11 py-2">
          Claims table
        </Link>
      </div>
      <section className="card p-0" aria-labelledby="waiting-title">
        <h2
          id="waiting-title"
          className="border-b border-slate-200 px-5 py-3 text-lg font-semibold"
        >
          Waiting on us <span className="text-slate-500">({claims.length})</span>
        </h2>
        <WaitingClaims claims={claims} />
      </section>
    </div>
  );
}
