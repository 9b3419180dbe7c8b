import { Form, useLocation } from 'react-router';

/*
 * The header's branch switcher (issue 32): which branch this session works in. A form posted
 * to /admin/branch, so it works before the scripts run; with them, choosing submits at once.
 */
export function BranchSwitcher({
  choices,
  current,
  owner,
}: {
  choices: { id: number; name: string }[];
  current: number | null;
  owner: boolean;
}) {
  const location = useLocation();
  if (choices.length === 0) return null;
  return (
    <Form method="post" action="/admin/branch" className="flex items-center gap-2">
      <input type="hidden" name="from" value={location.pathname + location.search} />
      <label htmlFor="working-branch" className="text-white/90">
        Branch
      </label>
      <select
        id="working-branch"
        name="branch_id"
        defaultValue={current === null ? 'all' : String(current)}
        key={current ?? 'all'}
        onChange={(event) => event.currentTarget.form?.requestSubmit()}
        className="min-h-9 rounded-md border border-white/60 bg-white px-2 py-1 text-slate-900"
      >
        {owner || current === null ? (
          <option value="all">{owner ? 'All branches' : 'Choose…'}</option>
        ) : null}
        {choices.map((b) => (
          <option key={b.id} value={b.id}>
            {b.name}
          </option>
        ))}
      </select>
      <noscript>
        <button type="submit" className="rounded-md border border-white/60 px-2 py-1">
          Switch
        </button>
      </noscript>
    </Form>
  );
}
