import { Link } from 'react-router';
import { z } from 'zod';
import { text } from '@shared/text';
import { readQuery } from '~/utils/query';
import { branchStaffChoices, listBranchSettings } from '~/server/branches.server';
import { requireStaffPage } from '~/features/admin/guard.server';
import { BranchEditor } from '~/features/admin/branches/branch-editor';
import type { Route } from './+types/branches';

/*
 * The owner's branches (issue 32): pick a branch, edit its counter, hours, closures, areas and
 * staff (app/features/admin/branches/branch-editor.tsx). Name, address and map are the
 * catalogue's (Catalogue → Branches).
 */

export function meta() {
  return [{ title: 'Branches · Back office' }, { name: 'robots', content: 'noindex' }];
}

export async function loader({ context, request, url }: Route.LoaderArgs) {
  const { services } = context;
  await requireStaffPage(services, { request, url }, ['owner']);
  const { branch } = readQuery(request, z.object({ branch: text().optional() }));
  const branches = await listBranchSettings(services);
  const selected = branches.find((b) => b.slug === branch) ?? branches[0] ?? null;
  return {
    branches: branches.map((b) => ({ slug: b.slug, name: b.name, counter: b.counter })),
    selected,
    staff: await branchStaffChoices(services),
  };
}

export default function AdminBranches({ loaderData }: Route.ComponentProps) {
  const { branches, selected, staff } = loaderData;
  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-baseline justify-between gap-3">
        <h1 className="text-2xl font-bold">Branches</h1>
        <Link to="/admin/catalogue/branches" className="text-sm text-brand underline">
          Names, addresses and maps are in the catalogue
        </Link>
      </div>
      <nav aria-label="Branch" className="flex gap-2 overflow-x-auto pb-1">
        {branches.map((b) => (
          <Link
            key={b.slug}
            to={`/admin/branches?branch=${b.slug}`}
            aria-current={b.slug === selected?.slug ? 'page' : undefined}
            className={`flex min-h-11 shrink-0 items-center gap-2 rounded-md border px-4 font-medium ${
              b.slug === selected?.slug
                ? 'border-brand bg-brand text-white'
                : 'border-slate-300 bg-white text-slate-800 hover:border-brand'
            }`}
          >
            {b.name}
            {b.counter ? (
              <span
                className={`rounded-full px-2 py-0.5 text-xs font-semibold ${b.slug === selected?.slug ? 'bg-white/20' : 'bg-teal-100 text-teal-900'}`}
              >
                Counter
              </span>
            ) : null}
          </Link>
        ))}
      </nav>
      {selected ? (
        <BranchEditor key={selected.id} branch={selected} staff={staff} />
      ) : (
        <p>No branches yet: add one in the catalogue.</p>
      )}
    </div>
  );
}
