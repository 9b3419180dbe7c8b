import { Link } from 'react-router';
import { requireStaffPage } from '~/features/admin/guard.server';
import { ClaimsTableEditor } from '~/features/admin/claims/claims-table-editor';
import { claimTableInForce, claimTableView } from '~/server/claims.server';
import type { Route } from './+types/claims-table';

/*
 * The claims table (issue 34, decision 063): what every offer is worked out from. Staff see
 * it; the owner edits it, each save a new version (offers made keep theirs). The default is
 * our own, after common industry practice: the owner is asked to check it.
 */

export async function loader({ context, request, url }: Route.LoaderArgs) {
  const { services } = context;
  const staff = await requireStaffPage(services, { request, url });
  return { ...claimTableView(await claimTableInForce(services)), isOwner: staff.role === 'owner' };
}

export function meta() {
  return [{ title: 'Claims table | Back office' }];
}

export default function AdminClaimsTable({ loaderData }: Route.ComponentProps) {
  const { table, version, isOwner } = loaderData;
  return (
    <div className="space-y-4">
      <Link to="/admin/claims" className="text-sm font-medium text-brand underline">
        ← Claims
      </Link>
      <h1 className="text-2xl font-bold">Claims table</h1>
      <div
        className="card space-y-2 border-amber-300 bg-amber-50 text-sm text-amber-950"
        data-testid="table-advice"
      >
        <p className="font-semibold">
          {version === 0 ? 'Our default table is in force.' : `Version ${version} is in force.`}
        </p>
        <p>
          These numbers follow common industry practice (a garment is worth less as it ages and
          wears), written for this shop; they copy no published guide. Please check them against
          your own experience and insurance before relying on them. Offers already made keep the
          version they were worked out from.
        </p>
      </div>
      <ClaimsTableEditor table={table} version={version} canSave={isOwner} />
    </div>
  );
}
