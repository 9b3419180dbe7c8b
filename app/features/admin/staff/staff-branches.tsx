import { useState } from 'react';
import { routes } from '@shared/api/routes';
import type { useAdminAction } from '~/features/admin/ui';

/**
 * A staff member's branches on the staff page (issue 32): listed, and changed by the owner
 * with a checkbox per branch (the same rows as the branch editor's staff checkboxes).
 */
export function StaffBranches({
  member,
  branches,
  run,
  busy,
}: {
  member: { id: string; name: string; branch_ids: number[] };
  branches: { id: number; name: string }[];
  run: ReturnType<typeof useAdminAction>['run'];
  busy: boolean;
}) {
  const [editing, setEditing] = useState(false);
  const [chosen, setChosen] = useState(new Set(member.branch_ids));
  const names = branches.filter((b) => member.branch_ids.includes(b.id)).map((b) => b.name);
  if (!editing) {
    return (
      <span className="mt-1 flex flex-wrap items-center gap-1.5 text-sm">
        <span className="text-slate-600">Branches:</span>
        {names.length ? (
          names.map((n) => (
            <span
              key={n}
              className="rounded-full bg-brand/10 px-2 py-0.5 text-xs font-semibold text-brand"
            >
              {n}
            </span>
          ))
        ) : (
          <em className="text-amber-800">none: they see every branch’s orders and no counter</em>
        )}
        <button
          type="button"
          className="ml-1 text-brand underline"
          aria-label={`Change branches of ${member.name}`}
          onClick={() => {
            setChosen(new Set(member.branch_ids));
            setEditing(true);
          }}
        >
          Change
        </button>
      </span>
    );
  }
  return (
    <fieldset className="mt-2 rounded-lg border border-slate-200 p-3">
      <legend className="px-1 text-sm font-semibold">Branches of {member.name}</legend>
      <div className="flex flex-wrap gap-x-4 gap-y-2">
        {branches.map((b) => (
          <label key={b.id} className="flex items-center gap-2 text-sm">
            <input
              type="checkbox"
              className="h-5 w-5 shrink-0"
              checked={chosen.has(b.id)}
              onChange={(e) => {
                const next = new Set(chosen);
                if (e.target.checked) next.add(b.id);
                else next.delete(b.id);
                setChosen(next);
              }}
            />
            {b.name}
          </label>
        ))}
      </div>
      <div className="mt-3 flex gap-3">
        <button
          type="button"
          className="btn-primary px-4 py-1.5 text-sm"
          disabled={busy}
          onClick={async () => {
            const { ok } = await run(routes.admin.setStaffBranches, {
              params: { id: member.id },
              body: { branch_ids: branches.filter((b) => chosen.has(b.id)).map((b) => b.id) },
            });
            if (ok) setEditing(false);
          }}
        >
          Save branches
        </button>
        <button
          type="button"
          className="btn-secondary px-4 py-1.5 text-sm"
          onClick={() => setEditing(false)}
        >
          Cancel
        </button>
      </div>
    </fieldset>
  );
}
